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
    expect(within(open).getByRole('listitem')).toHaveTextContent('Open');
    expect(within(open).getByRole('listitem')).toHaveTextContent('Sent 1 May 2026');
    const answered = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answered).getByRole('listitem')).toHaveTextContent('Sleep survey');
    expect(within(answered).getByRole('listitem')).toHaveTextContent('Answered 2 April 2026');
  });

  test('each questionnaire links to its own page, by the invitation id', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.questionnaires', questionnairesState));
    renderWithShell(<QuestionnairesPage />, shell);
    const link = within(screen.getByRole('region', { name: 'Avoimet tehtävät' })).getByRole('link', { name: 'Health survey' });
    expect(link).toHaveAttribute('href', '/fi/kyselyt/q1');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/fi/kyselyt/q1');
    expect(within(screen.getByRole('region', { name: 'Omat vastaukset' })).getByRole('link', { name: 'Sleep survey' })).toHaveAttribute('href', '/fi/kyselyt/q2');
  });

  test('recent dates read relative: within a day as time ago, then yesterday', () => {
    const now = Date.now();
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(
      pageState('records.questionnaires', {
        status: 'ok',
        open: [{ id: '1', title: 'New survey', sentAt: new Date(now - 3 * 3_600_000).toISOString(), answeredAt: null }],
        answered: [{ id: '2', title: 'Old survey', sentAt: new Date(now - 40 * 3_600_000).toISOString(), answeredAt: new Date(now - 30 * 3_600_000).toISOString() }],
      }),
    );
    renderWithShell(<QuestionnairesPage />, shell);
    expect(within(screen.getByRole('region', { name: 'Open tasks' })).getByRole('listitem')).toHaveTextContent('Sent 3 hr ago');
    expect(within(screen.getByRole('region', { name: 'Your answers' })).getByRole('listitem')).toHaveTextContent('Answered yesterday');
  });

  test('many questionnaires page in their own sections, each navigation named after its section', () => {
    const shell = createFakeShell();
    const many = Array.from({ length: 12 }, (_, index) => ({ id: String(index + 1), title: `Survey ${index + 1}`, sentAt: '2026-05-01T10:00:00.000Z', answeredAt: null }));
    shell.takeInitialPageState.mockReturnValue(pageState('records.questionnaires', { status: 'ok', open: many, answered: many.map((q) => ({ ...q, answeredAt: '2026-05-02T10:00:00.000Z' })) }));
    renderWithShell(<QuestionnairesPage />, shell);
    expect(screen.getByRole('navigation', { name: 'Open tasks' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Your answers' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Open tasks' })).getAllByRole('listitem')).toHaveLength(10);
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
