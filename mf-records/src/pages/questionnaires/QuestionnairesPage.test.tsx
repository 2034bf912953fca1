import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { questionnairesState } from '../../../test/fixtures';
import { QuestionnairesPage } from './QuestionnairesPage';

describe('questionnaires page', () => {
  test('shows open tasks and own answers in their own sections', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('records.questionnaires', questionnairesState));
    renderWithShell(<QuestionnairesPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const open = await screen.findByRole('region', { name: 'Open tasks' });
    expect(within(open).getByRole('listitem')).toHaveTextContent('Health survey');
    expect(within(open).getByRole('listitem')).toHaveTextContent('Sent 1 May 2026');
    const answered = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answered).getByRole('listitem')).toHaveTextContent('Sleep survey');
    expect(within(answered).getByRole('listitem')).toHaveTextContent('Answered 2 April 2026');
  });

  test('a section without items says so', () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(
      pageState('records.questionnaires', { ...questionnairesState, answered: [] }),
    );
    renderWithShell(<QuestionnairesPage />, shell);
    expect(within(screen.getByRole('region', { name: 'Your answers' })).getByText('You have not answered any questionnaires yet.')).toBeInTheDocument();
  });

  test('maintenance mode shows the notice', () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.questionnaires', { status: 'maintenance-mode' }));
    renderWithShell(<QuestionnairesPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Surveys are temporarily out of use.');
  });

  test('error with retry, then the empty text', async () => {
    const shell = createFakeShell();
    shell.loadPage
      .mockRejectedValueOnce(new Error('x'))
      .mockResolvedValueOnce(pageState('records.questionnaires', { status: 'ok', open: [], answered: [] }));
    renderWithShell(<QuestionnairesPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not been sent any questionnaires.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Questionnaires' })).toHaveFocus();
  });
});
