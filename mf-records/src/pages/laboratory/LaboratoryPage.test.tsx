import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { HELSINKI_NOW, labReferrals, laboratoryState } from '../../../test/lab-fixtures';
import { LaboratoryPage } from './LaboratoryPage';

describe('laboratory page', () => {
  afterEach(() => jest.useRealTimers());

  test('groups results by date; a date is pending unless every test is ready, said in words; each date links to its result page', async () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', laboratoryState));
    renderWithShell(<LaboratoryPage />, shell);
    const list = screen.getByRole('list', { name: 'Laboratory results' });
    const days = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(days).toHaveLength(2);
    const [pendingDay, readyDay] = days;
    expect(within(pendingDay!).getByText('Blood count')).toBeInTheDocument();
    expect(within(pendingDay!).getAllByText('Pending')).toHaveLength(2); // the date and the TSH test
    expect(within(readyDay!).getByText('Ready')).toBeInTheDocument();
    expect(within(readyDay!).queryByText('Pending')).not.toBeInTheDocument();

    const link = within(pendingDay!).getByRole('link', { name: 'Results of 2 April 2026' });
    expect(link).toHaveAttribute('href', '/en/laboratoryresult/2026-04-02');
    expect(within(readyDay!).getByRole('link', { name: 'Results of 15 March 2026' })).toHaveAttribute('href', '/en/laboratoryresult/2026-03-15');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/laboratoryresult/2026-04-02');
  });

  test('Swedish status texts and result paths', () => {
    const shell = createFakeShell({ lang: 'sv' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', laboratoryState));
    renderWithShell(<LaboratoryPage />, shell);
    expect(screen.getByText('Klar')).toBeInTheDocument();
    expect(screen.getAllByText('Väntar').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Resultat 2.4.2026' })).toHaveAttribute('href', '/sv/laboratorieresultat/2026-04-02');
  });

  test('laboratory referrals: valid until with the ≤ 30-day label, not valid once passed (today in Helsinki), linking to the referral', () => {
    jest.useFakeTimers({ now: HELSINKI_NOW });
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', laboratoryState));
    renderWithShell(<LaboratoryPage />, shell);
    const section = screen.getByRole('region', { name: 'Laboratory referrals' });
    const rows = within(within(section).getByRole('list', { name: 'Laboratory referrals' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const [soon, later, expired] = rows;
    expect(soon).toHaveTextContent('Valid until 29 May 2026');
    expect(soon).toHaveTextContent('Expires in 3 weeks');
    expect(soon).toHaveTextContent('Riikka Rantanen, Endocrinologist');
    expect(within(soon!).getByRole('link', { name: 'Lipid control, Created 6 May 2026' })).toHaveAttribute('href', '/en/laboratoryreferral/11');
    expect(later).toHaveTextContent('Valid until 31 August 2026');
    expect(later).not.toHaveTextContent('Expires');
    // its last day was yesterday in Helsinki (still "today" in UTC)
    expect(expired).toHaveTextContent('Not valid');
    expect(expired).not.toHaveTextContent('Valid until');
    expect(within(section).getByRole('link', { name: 'Find the nearest laboratory' })).toHaveAttribute('href', 'https://example.invalid/lab');
  });

  test('referrals paginate 10 per page with their own named navigation', async () => {
    const shell = createFakeShell();
    const referrals = Array.from({ length: 12 }, (_, index) => ({ ...labReferrals[1]!, id: String(100 + index), title: `Referral ${index + 1}` }));
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', { dates: [], referrals }));
    renderWithShell(<LaboratoryPage />, shell);
    const list = screen.getByRole('list', { name: 'Laboratory referrals' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const pagination = screen.getByRole('navigation', { name: 'Pagination: Laboratory referrals' });
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(within(screen.getByRole('list', { name: 'Laboratory referrals' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Referral 12')).toBeInTheDocument();
  });

  test('loading, error with retry, then "Results were not found" and no referrals; the nearest laboratory stays', async () => {
    const shell = createFakeShell();
    let fail: (error: Error) => void = () => {};
    shell.loadPage
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(pageState('records.laboratory', { dates: [], referrals: [] }));
    renderWithShell(<LaboratoryPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratory results' })).toHaveFocus();
    await act(async () => fail(new Error('Network Error')));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Results were not found')).toBeInTheDocument();
    expect(screen.getByText('You have no laboratory referrals.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find the nearest laboratory' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratory results' })).toHaveFocus();
  });

  test('a state without referrals (the old contract) is an error, not a crash', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.laboratory', { dates: [] }));
    renderWithShell(<LaboratoryPage />, shell);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  test('Finnish texts', () => {
    jest.useFakeTimers({ now: HELSINKI_NOW });
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', laboratoryState));
    renderWithShell(<LaboratoryPage />, shell);
    expect(screen.getByRole('heading', { level: 2, name: 'Laboratoriolähetteet' })).toBeInTheDocument();
    expect(screen.getByText('Voimassa 29.5.2026 asti')).toBeInTheDocument();
    expect(screen.getByText('Päättyy 3 viikon kuluttua')).toBeInTheDocument();
    expect(screen.getByText('Ei voimassa')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Etsi lähin laboratorio' })).toBeInTheDocument();
  });
});
