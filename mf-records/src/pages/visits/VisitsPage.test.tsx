import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { manyVisits, visitsState } from '../../../test/fixtures';
import { VisitsPage } from './VisitsPage';

describe('visits page', () => {
  test('shows a spinner while the state loads, and aborts the request when left', () => {
    const shell = createFakeShell();
    const { unmount } = renderWithShell(<VisitsPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
    const signal = shell.loadPage.mock.calls[0]?.[2];
    expect(shell.loadPage).toHaveBeenCalledWith('records.visits', {}, expect.any(AbortSignal));
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  test('renders the embedded first-page state without asking the API', () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'records.visits' ? pageState(routeId, visitsState) : null));
    renderWithShell(<VisitsPage />, shell);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Endocrinology');
    expect(item).toHaveTextContent('Anna Lääkäri, Specialist');
    expect(item).toHaveTextContent('10 May 2026 at 15:00');
    expect(within(item).getByTestId('avatar-initials')).toHaveTextContent('AL');
    expect(shell.loadPage).not.toHaveBeenCalled();
  });

  test('each visit links to its medical report, named by specialty and date', async () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'records.visits' ? pageState(routeId, visitsState) : null));
    renderWithShell(<VisitsPage />, shell);
    const link = screen.getByRole('link', { name: 'Endocrinology, 10 May 2026 at 15:00' });
    expect(link).toHaveAttribute('href', '/en/visits/v1');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/visits/v1');
  });

  test('shows an error with a retry that loads again', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(pageState('records.visits', visitsState));
    renderWithShell(<VisitsPage />, shell);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Endocrinology')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
  });

  test('a state that does not match the contract is an error, not a crash', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.visits', { visits: [{ id: 1 }] }));
    renderWithShell(<VisitsPage />, shell);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  test('shows the empty text when there are no visits', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.loadPage.mockResolvedValueOnce(pageState('records.visits', { visits: [] }));
    renderWithShell(<VisitsPage />, shell);
    expect(await screen.findByText('Sinulla ei ole käyntejä.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Käynnit' })).toBeInTheDocument();
  });

  test('shows 10 visits per page with pagination', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.visits', manyVisits(23)));
    renderWithShell(<VisitsPage />, shell);
    const list = await screen.findByRole('list', { name: 'Visits' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 3' }));
    expect(within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Specialty 21')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
