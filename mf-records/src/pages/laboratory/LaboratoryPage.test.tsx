import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { laboratoryState } from '../../../test/fixtures';
import { LaboratoryPage } from './LaboratoryPage';

describe('laboratory page', () => {
  test('groups results by date; a date is pending unless every test is ready, said in words', () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', laboratoryState));
    renderWithShell(<LaboratoryPage />, shell);
    const list = screen.getByRole('list', { name: 'Laboratory results' });
    const [pendingDay, readyDay] = within(list).getAllByRole('listitem', { name: '' }).filter((li) => li.parentElement === list);
    expect(pendingDay).toHaveTextContent('Results of 2 April 2026');
    expect(within(pendingDay!).getByText('Blood count')).toBeInTheDocument();
    expect(within(pendingDay!).getAllByText('Pending')).toHaveLength(2); // the date and the TSH test
    expect(readyDay).toHaveTextContent('Results of 15 March 2026');
    expect(within(readyDay!).getByText('Ready')).toBeInTheDocument();
  });

  test('Swedish status texts', () => {
    const shell = createFakeShell({ lang: 'sv' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.laboratory', laboratoryState));
    renderWithShell(<LaboratoryPage />, shell);
    expect(screen.getByText('Klar')).toBeInTheDocument();
    expect(screen.getAllByText('Väntar').length).toBeGreaterThan(0);
  });

  test('loading, error with retry, and "Results were not found"', async () => {
    const shell = createFakeShell();
    let fail: (error: Error) => void = () => {};
    shell.loadPage
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
      .mockResolvedValueOnce(pageState('records.laboratory', { dates: [] }));
    renderWithShell(<LaboratoryPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    fail(new Error('Network Error'));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Results were not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Laboratory results' })).toHaveFocus();
  });
});
