import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SicknessFundPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { SicknessFundPage } from './SicknessFundPage';

const member: SicknessFundPageState = {
  status: 'ok',
  fund: {
    name: 'Sairauskassa',
    phone: '010 555 0130',
    email: 'sairauskassa@example.fi',
    serviceHours: [
      { days: 'ma–to', opens: '9.00', closes: '15.00' },
      { days: 'pe', opens: '9.00', closes: '12.00' },
    ],
    reimbursementPercent: 60,
    deductibleEuros: 10,
    claimDeadlineMonths: 6,
    yearlyMaximumEuros: 2000,
    paymentWeeks: 3,
  },
};

function renderFund(state: unknown, lang: 'fi' | 'sv' | 'en' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockReturnValue(pageState('account.sickness-fund', state));
  return renderWithShell(<SicknessFundPage />, shell);
}

describe('sickness fund page', () => {
  test('a member sees four tabs of Finnish content with the fund’s rules and hours', async () => {
    const user = userEvent.setup();
    renderFund(member);
    expect(screen.getByRole('heading', { level: 1, name: 'Sickness fund' })).toHaveFocus();
    const tabs = within(screen.getByRole('tablist', { name: 'Sickness fund' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Reimbursement practices', 'Instructions', 'FAQ']);
    expect(screen.getByText("The sickness fund's information is in Finnish only.")).toBeInTheDocument();

    const overview = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(within(overview).getByRole('heading', { name: 'Yleistä sairauskassasta' }).closest('[lang]')).toHaveAttribute('lang', 'fi');
    expect(within(overview).getByRole('link', { name: '010 555 0130' })).toHaveAttribute('href', 'tel:0105550130');
    expect(within(overview).getByRole('link', { name: 'sairauskassa@example.fi' })).toHaveAttribute('href', 'mailto:sairauskassa@example.fi');
    expect(overview).toHaveTextContent('ma–to klo 9.00–15.00');
    expect(overview).toHaveTextContent('pe klo 9.00–12.00');

    await user.click(tabs[1] as HTMLElement);
    const practices = screen.getByRole('tabpanel', { name: 'Reimbursement practices' });
    expect(practices).toHaveTextContent('Sairauskassa korvaa 60 % kuluista');
    expect(practices).toHaveTextContent('6 kuukauden kuluessa hoitopäivästä');
    expect(practices).toHaveTextContent(/enintään 2\s000,00\s€ kalenterivuodessa/);
    expect(practices).toHaveTextContent(/omavastuu, 10,00\s€/);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Instructions' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel', { name: 'Instructions' })).getAllByRole('listitem')).toHaveLength(4);

    await user.keyboard('{End}');
    const faq = screen.getByRole('tabpanel', { name: 'FAQ' });
    expect(within(faq).getByRole('heading', { name: 'Usein kysyttyä' })).toBeInTheDocument();
    expect(faq).toHaveTextContent('3 viikon kuluessa');
  });

  test('in Finnish there is no language note, and the tab names are Finnish', () => {
    renderFund(member, 'fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Sairauskassa' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Yleistä', 'Korvauskäytännöt', 'Ohjeet', 'Usein kysyttyä']);
    expect(screen.queryByText('Sairauskassan tiedot ovat vain suomeksi.')).not.toBeInTheDocument();
  });

  test('Swedish: the tabs in Swedish and a note that the content is in Finnish', () => {
    renderFund(member, 'sv');
    expect(screen.getByRole('tab', { name: 'Ersättningspraxis' })).toBeInTheDocument();
    expect(screen.getByText('Sjukkassans information finns endast på finska.')).toBeInTheDocument();
  });

  test('a non-member is told the pages are for members only, with no content', () => {
    renderFund({ status: 'not-member' });
    expect(screen.getByText('The sickness fund pages are only for members of the sickness fund.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  test('temporary-api-error: the error page with a retry', async () => {
    const { shell } = renderFund({ status: 'temporary-api-error' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This section is temporarily unavailable.' })).toBeInTheDocument();
    shell.loadPage.mockResolvedValueOnce(pageState('account.sickness-fund', member));
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
  });

  test('a state of another shape is an error with a retry', () => {
    renderFund({ status: 'ok', fund: { name: 'x' } });
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
