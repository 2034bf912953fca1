import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { TeamPage } from './TeamPage';

const team: TeamPageState = {
  status: 'ok',
  employerName: 'Lentoyhtiö Esimerkki Oy',
  responsibleDoctors: [
    { id: 'd1', name: 'Anna Lahtinen', substituteName: null, substitutePeriod: null },
    { id: 'd2', name: 'Olli Rantanen', substituteName: null, substitutePeriod: null },
  ],
  responsibleNurses: [
    { id: 'n1', name: 'Kaisa Salo', substituteName: 'Pekka Ojala', substitutePeriod: { from: '2026-11-21', to: '2026-12-05' } },
    { id: 'n2', name: 'Sari Heikkinen', substituteName: null, substitutePeriod: null },
  ],
};

function renderTeam(state: unknown, lang: 'fi' | 'sv' | 'en' = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockReturnValue(pageState('account.team', state));
  return renderWithShell(<TeamPage />, shell);
}

describe('occupational health team page', () => {
  test('shows the employer and the responsible doctors and nurses from the embedded state', () => {
    const { shell } = renderTeam(team);
    expect(screen.getByRole('heading', { level: 1, name: 'Occupational health care team' })).toHaveFocus();
    expect(shell.loadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('term')).toHaveTextContent('Employer');
    expect(screen.getByRole('definition')).toHaveTextContent('Lentoyhtiö Esimerkki Oy');
    const doctors = screen.getByRole('list', { name: 'Responsible doctors' });
    expect(within(doctors).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Anna Lahtinen', 'Olli Rantanen']);
    const nurses = screen.getByRole('list', { name: 'Responsible nurses' });
    expect(within(nurses).getAllByRole('listitem')).toHaveLength(2);
  });

  test('an absent member has the absence period next to the name and the substitute marked in words', () => {
    renderTeam(team);
    const [salo, heikkinen] = within(screen.getByRole('list', { name: 'Responsible nurses' })).getAllByRole('listitem');
    expect(salo).toHaveTextContent('Kaisa SaloAbsent 21 November 2026 – 5 December 2026');
    const substitute = within(salo as HTMLElement).getByText('Substitute: Pekka Ojala');
    // greyed by its class (muted colour), and said in words: not colour alone
    expect(substitute.className).toMatch(/substitute/);
    expect(within(salo as HTMLElement).getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
    expect(heikkinen).not.toHaveTextContent(/Substitute|Absent/);
  });

  test('dates in Finnish and Swedish', () => {
    const { unmount } = renderTeam(team, 'fi');
    expect(screen.getByText('Sijainen: Pekka Ojala')).toBeInTheDocument();
    expect(screen.getByText(/Poissa/)).toHaveTextContent('Poissa 21.11.2026–5.12.2026');
    expect(screen.getByRole('list', { name: 'Vastuuhoitajat' })).toBeInTheDocument();
    unmount();
    renderTeam(team, 'sv');
    expect(screen.getByText('Vikarie: Pekka Ojala')).toBeInTheDocument();
    expect(screen.getByText(/Frånvarande/)).toHaveTextContent('Frånvarande 21.11.2026–5.12.2026');
  });

  test('an empty group says so', () => {
    renderTeam({ ...team, responsibleDoctors: [] });
    expect(screen.getByText('No responsible doctor has been named for you yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Responsible doctors' })).not.toBeInTheDocument();
  });

  test('no team: the clear message of a missing occupational health agreement', () => {
    renderTeam({ status: 'no-team' });
    expect(screen.getByText("We couldn't find your occupational health agreement. Contact the HR representative of your organisation.")).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('temporary-api-error: the error page with a retry that asks the loader again', async () => {
    const user = userEvent.setup();
    const { shell } = renderTeam({ status: 'temporary-api-error' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This section is temporarily unavailable.' })).toBeInTheDocument();
    shell.loadPage.mockResolvedValueOnce(pageState('account.team', team));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(shell.loadPage).toHaveBeenCalledWith('account.team', {}, expect.any(AbortSignal));
    expect(await screen.findByRole('list', { name: 'Responsible doctors' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  test('loads over the API without an embedded state; a failed load offers a retry', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(pageState('account.team', team));
    renderWithShell(<TeamPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Lentoyhtiö Esimerkki Oy')).toBeInTheDocument();
  });
});
