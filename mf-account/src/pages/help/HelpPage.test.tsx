import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HelpPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { HelpPage } from './HelpPage';

const adult: HelpPageState = {
  brand: 'adult',
  showGeneralInstructions: true,
  smsLoginFaq: { codeValidMinutes: 5, maxAttempts: 3 },
  customerServicePhone: '010 555 0100',
};

function renderHelp(state: unknown, lang: 'fi' | 'sv' | 'en' = 'en') {
  const shell = createFakeShell({ lang, user: null });
  shell.takeInitialPageState.mockReturnValue(pageState('account.help', state));
  return renderWithShell(<HelpPage />, shell);
}

describe('help page', () => {
  test('adult brand with mfa: Finnish instructions, the SMS login FAQ and the phone link, with an English note', async () => {
    const { shell } = renderHelp(adult);
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toHaveFocus();
    expect(screen.getByText('The instructions are in Finnish only.')).toBeInTheDocument();
    const general = screen.getByRole('region', { name: 'Yleiset ohjeet potilaalle' });
    expect(general.closest('[lang]')).toHaveAttribute('lang', 'fi');
    expect(general).toHaveTextContent('vähintään 24 tuntia');
    const sms = screen.getByRole('region', { name: 'Usein kysyttyä tekstiviestikirjautumisesta' });
    expect(sms).toHaveTextContent('Koodi on voimassa 5 minuuttia');
    expect(sms).toHaveTextContent('väärän koodin 3 kertaa');
    const [myInformation] = within(sms).getAllByRole('link', { name: 'Omat tiedot' });
    expect(myInformation).toHaveAttribute('href', '/en/my-information');
    await userEvent.click(myInformation as HTMLElement);
    expect(shell.navigate).toHaveBeenCalledWith('/en/my-information');
    const contact = screen.getByRole('region', { name: 'Asiakaspalvelu' });
    expect(within(contact).getByRole('link', { name: '010 555 0100' })).toHaveAttribute('href', 'tel:0105550100');
  });

  test('without the mfa feature there is no SMS login FAQ', () => {
    renderHelp({ ...adult, smsLoginFaq: null });
    expect(screen.queryByRole('region', { name: 'Usein kysyttyä tekstiviestikirjautumisesta' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Yleiset ohjeet potilaalle' })).toBeInTheDocument();
  });

  test('children’s brand: no general instructions, the brand’s phone; Finnish page without the note', () => {
    renderHelp({ brand: 'children', showGeneralInstructions: false, smsLoginFaq: null, customerServicePhone: '010 555 0200' }, 'fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Ohjeita' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Yleiset ohjeet potilaalle' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 555 0200' })).toHaveAttribute('href', 'tel:0105550200');
    expect(screen.queryByText('Ohjeet ovat vain suomeksi.')).not.toBeInTheDocument();
  });

  test('Swedish: the note in Swedish', () => {
    renderHelp(adult, 'sv');
    expect(screen.getByRole('heading', { level: 1, name: 'Anvisningar' })).toBeInTheDocument();
    expect(screen.getByText('Anvisningarna finns endast på finska.')).toBeInTheDocument();
  });

  test('a failed load offers a retry', async () => {
    const shell = createFakeShell({ user: null });
    shell.loadPage.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(pageState('account.help', adult));
    renderWithShell(<HelpPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '010 555 0100' })).toBeInTheDocument();
  });
});
