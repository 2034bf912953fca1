import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SicknessFundPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { SicknessFundPage } from './SicknessFundPage';

// spec part 2 §9 "Sickness fund static rules (Finnish text, effective 1.1.2024)", as the server sends them
const member: SicknessFundPageState = {
  status: 'ok',
  fund: {
    effectiveFrom: '2024-01-01',
    rules: {
      nurseVisit: { feeEuros: 5 },
      generalPractitioner: { feeEuros: 15, maxVisitsPerYear: 12 },
      specialist: { percent: 50, maxEurosPerVisit: 200, maxVisitsPerYear: 2 },
      procedures: { percent: 50, maxEuros: 300 },
      psychotherapy: { maxSessions: 10, percent: 0 },
      physiotherapy: { percent: 50, maxEurosPerYear: 500 },
    },
    hours: {
      nursePhone: { weekdays: { opens: 7, closes: 21 }, weekendsAndHolidays: { opens: 9, closes: 18 } },
      chat: { weekdays: { opens: 8, closes: 20 }, weekends: { opens: 10, closes: 16 } },
      messageReplyWorkingDays: 1,
    },
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
    expect(overview).toHaveTextContent('Sairauskassan säännöt ovat voimassa 1.1.2024 alkaen.');
    const terms = within(overview).getAllByRole('term');
    const definitions = within(overview).getAllByRole('definition');
    expect(terms.map((term, i) => [term.textContent, definitions[i]?.textContent])).toEqual([
      ['Sairaanhoitajan puhelinpalvelu', 'arkisin 7–21, viikonloppuisin ja pyhäpäivinä 9–18'],
      ['Chat', 'arkisin 8–20, viikonloppuisin 10–16'],
      ['Kiireettömät viestit', 'vastaus yhden arkipäivän kuluessa'],
    ]);
    // the spec gives no phone number or e-mail address, so the page shows none
    expect(within(overview).queryByRole('link')).not.toBeInTheDocument();

    await user.click(tabs[1] as HTMLElement);
    const practices = screen.getByRole('tabpanel', { name: 'Reimbursement practices' });
    const table = within(practices).getByRole('table', { name: 'Sairauskassan korvaussäännöt 1.1.2024 alkaen' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Palvelu', 'Sääntö']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent?.replace(/\u00a0/g, ' ')]);
    expect(rows).toEqual([
      ['Sairaanhoitajan vastaanotto', 'omavastuu 5 €'],
      ['Yleislääkäri', '15 €, enintään 12 käyntiä vuodessa'],
      ['Erikoislääkäri', 'korvaus 50 %, enintään 200 € / käynti, kaksi käyntiä vuodessa'],
      ['Toimenpiteet', '50 %, enintään 300 €'],
      ['Psykoterapia', 'enintään 10 kertaa, 0 %'],
      ['Fysioterapia', '50 %, enintään 500 € vuodessa'],
    ]);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Instructions' })).toHaveFocus();
    const instructions = screen.getByRole('tabpanel', { name: 'Instructions' });
    expect(within(instructions).getAllByRole('listitem')).toHaveLength(4);
    expect(instructions).toHaveTextContent('Sairaanhoitajan puhelinpalvelu palvelee arkisin 7–21, viikonloppuisin ja pyhäpäivinä 9–18.');
    expect(instructions).toHaveTextContent('Chatissa voit asioida arkisin 8–20, viikonloppuisin 10–16.');
    expect(instructions).toHaveTextContent('yleislääkärikäyntejä enintään 12 vuodessa, erikoislääkärikäyntejä kaksi vuodessa ja psykoterapiaa enintään 10 kertaa');

    await user.keyboard('{End}');
    const faq = screen.getByRole('tabpanel', { name: 'FAQ' });
    expect(within(faq).getByRole('heading', { name: 'Usein kysyttyä' })).toBeInTheDocument();
    expect(faq).toHaveTextContent('Sairaanhoitajan vastaanoton omavastuu on 5 €.');
    expect(faq).toHaveTextContent('Enintään 12 käyntiä vuodessa, 15 € / käynti.');
    expect(faq).toHaveTextContent('Korvaus on 50 %, kuitenkin enintään 200 € / käynti, ja korvattavia käyntejä on kaksi vuodessa.');
    expect(faq).toHaveTextContent('Kiireettömiin viesteihin vastataan yhden arkipäivän kuluessa.');

    // nothing of the old invented rules (60 %, a 10 € deductible, 6 months, 2 000 € a year, 3 weeks)
    for (const panel of [overview, practices, instructions, faq]) {
      expect(panel).not.toHaveTextContent(/60 %|kuukauden|2 000|viikon kuluessa|010 /);
    }
  });

  test('the rules come from the page state, not from the page', async () => {
    const user = userEvent.setup();
    const fund = member.status === 'ok' ? member.fund : (undefined as never);
    renderFund({ ...member, fund: { ...fund, rules: { ...fund.rules, generalPractitioner: { feeEuros: 16, maxVisitsPerYear: 11 } } } });
    await user.click(screen.getByRole('tab', { name: 'Reimbursement practices' }));
    expect(screen.getByRole('row', { name: /Yleislääkäri/ })).toHaveTextContent('16 €, enintään 11 käyntiä vuodessa');
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
    renderFund({ status: 'ok', fund: { effectiveFrom: '2024-01-01' } });
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
