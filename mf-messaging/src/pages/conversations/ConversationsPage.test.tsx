import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang, MessagingPageState, MessagingThreadsQuery } from '@portal/shared-api';
import type { RouteId } from '@portal/shared-i18n';
import { createMockMessagingClient, mockFailure, type MessagingMockHandlers } from '@portal/shared-api/mock';
import {
  agoMs,
  buildCustomerUser,
  buildDeletedMessage,
  buildMessage,
  buildProfessional,
  buildThreadListItem,
  buildThreads,
  HOUR_MS,
  messagingPageState,
  MINUTE_MS,
  pagedThreadsHandler,
  threadsQuery,
} from '../../../test/fixtures';
import { createFakeShell, pageState, renderWithShell, routeTable } from '../../../test/shell-fake';
import { ConversationsPage } from './ConversationsPage';

const ROUTE_ID = 'messaging.conversations';
const PATHS: Record<Lang, string> = { fi: '/fi/viestit', sv: '/sv/meddelanden', en: '/en/conversations' };

/** The page with its loader state embedded (as on the first page load) and the given GraphQL handlers. */
function renderPage({
  lang = 'en',
  state = messagingPageState(),
  handlers = {},
  shell = createFakeShell({ lang }),
}: { lang?: Lang; state?: MessagingPageState; handlers?: MessagingMockHandlers; shell?: ReturnType<typeof createFakeShell> } = {}) {
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE_ID ? pageState(routeId, state) : null));
  const client = createMockMessagingClient(handlers);
  return { ...renderWithShell(<ConversationsPage />, { shell, client, path: PATHS[shell.lang] }), client };
}

function conversationList() {
  return screen.getByRole('list', { name: 'Conversations' });
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('conversation list: the page state', () => {
  test('shows a spinner while the loader state comes, focuses the h1 and aborts the request when left', () => {
    const shell = createFakeShell();
    const { unmount, client } = renderWithShell(<ConversationsPage />, { shell, path: PATHS.en });
    expect(screen.getByRole('status')).toHaveTextContent('Loading conversations…');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toHaveFocus();
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE_ID, {}, expect.any(AbortSignal));
    const signal = shell.loadPage.mock.calls[0]?.[2];
    unmount();
    expect(signal?.aborted).toBe(true);
    expect((client as ReturnType<typeof createMockMessagingClient>).calls).toHaveLength(0);
  });

  test('a failed loader shows an error with a retry that asks again', async () => {
    const shell = createFakeShell();
    shell.loadPage
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockResolvedValueOnce(pageState(ROUTE_ID, messagingPageState()));
    const client = createMockMessagingClient({ MessagingThreads: threadsQuery(1) });
    renderWithShell(<ConversationsPage />, { shell, client, path: PATHS.en });
    expect(await screen.findByRole('alert')).toHaveTextContent('Apologies! Something went wrong...');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Thread 1/ })).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
  });

  test('without a messaging user the page is empty and never calls the messaging service', async () => {
    const { client } = renderPage({ state: messagingPageState({ customerMessagingUserId: null }), handlers: { MessagingThreads: threadsQuery(3) } });
    expect(screen.getByText('You have no conversations yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    await act(async () => undefined);
    expect(client.calls).toHaveLength(0);
  });

  test('maintenance mode shows the offline notice, no list, no new-message link and no GraphQL call', async () => {
    const { client } = renderPage({ state: messagingPageState({ status: 'maintenance-mode' }), handlers: { MessagingThreads: threadsQuery(3) } });
    const notice = screen.getByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Messaging is currently offline' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('back in use by the end of the day');
    expect(notice).toHaveTextContent('book a remote appointment');
    expect(screen.queryByRole('link', { name: 'New message' })).not.toBeInTheDocument();
    await act(async () => undefined);
    expect(client.calls).toHaveLength(0);
  });

  test('maintenance notice in Finnish', () => {
    renderPage({ lang: 'fi', state: messagingPageState({ status: 'maintenance-mode' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Viestit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Viestipalvelu ei ole tällä hetkellä käytössä' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('varaa etävastaanottoaika');
  });
});

describe('conversation list: the announcement', () => {
  test('an active warning shows its heading and description as an alert, its type said in words', async () => {
    renderPage({
      state: messagingPageState({
        info: { active: true, heading: 'Slow replies', description: 'Replies take longer this week.', announcementType: 'warning' },
      }),
      handlers: { MessagingThreads: threadsQuery(1) },
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'Warning: Slow replies' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Replies take longer this week.');
    expect(await screen.findByRole('link', { name: /Thread 1/ })).toBeInTheDocument();
  });

  test('an active info waits its turn (status), in Swedish', async () => {
    renderPage({
      lang: 'sv',
      state: messagingPageState({ info: { active: true, heading: 'Nytt', description: 'Bilagor kan nu skickas.', announcementType: 'info' } }),
      handlers: { MessagingThreads: threadsQuery(1) },
    });
    const status = screen.getAllByRole('status').find((element) => element.textContent?.includes('Nytt'));
    expect(status).toHaveTextContent('Bilagor kan nu skickas.');
    expect(within(status as HTMLElement).getByRole('heading', { name: 'Information: Nytt' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await screen.findByRole('list', { name: 'Konversationer' });
  });

  test("the list is asked in the page's language (the server answers professionals' titles in it)", async () => {
    const { client } = renderPage({ lang: 'sv', handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('list', { name: 'Konversationer' });
    expect(client.calls.map((call) => [call.operationName, call.lang])).toEqual([['MessagingThreads', 'sv']]);
  });

  test('an inactive announcement is not shown', async () => {
    renderPage({
      state: messagingPageState({ info: { active: false, heading: 'Old news', description: 'Gone', announcementType: 'warning' } }),
      handlers: { MessagingThreads: threadsQuery(1) },
    });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.queryByText(/Old news/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('conversation list: the threads', () => {
  test('loading: a spinner until the threads come; leaving the page aborts the request', async () => {
    let signal: AbortSignal | undefined;
    const { unmount } = renderPage({
      handlers: {
        MessagingThreads: (_variables, s) => {
          signal = s;
          return new Promise<MessagingThreadsQuery>(() => {});
        },
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading conversations…');
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  test('asks the first page of 10 threads', async () => {
    const { client } = renderPage({ handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(client.callsOf('MessagingThreads')).toEqual([{ pagination: { limit: 10, offset: 0 } }]);
  });

  test('empty: no conversations text', async () => {
    renderPage({ handlers: { MessagingThreads: threadsQuery(0) } });
    expect(await screen.findByText('You have no conversations yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Conversation pages' })).not.toBeInTheDocument();
  });

  test('populated: each row links to its thread with title, latest author, preview and date', async () => {
    const now = Date.now();
    renderPage({
      handlers: {
        MessagingThreads: threadsQuery([
          buildThreadListItem({
            id: '31',
            title: 'Laboratory results',
            latestMessage: buildMessage({ content: 'Your results\nare fine.', created: agoMs(5 * MINUTE_MS, now) }),
          }),
          buildThreadListItem({
            id: '32',
            title: 'Sick leave',
            latestMessage: buildMessage({ content: 'Thank you!', author: buildCustomerUser(), created: agoMs(30 * HOUR_MS, now) }),
          }),
          buildThreadListItem({
            id: '33',
            title: 'Vaccination',
            latestMessage: buildMessage({ content: 'See you', author: buildProfessional({ firstName: 'Pekka', lastName: 'Hoitaja', title: null }), created: '2026-03-02T10:00:00.000Z' }),
          }),
        ]),
      },
    });
    const rows = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const first = within(rows[0] as HTMLElement).getByRole('link');
    expect(first).toHaveAttribute('href', '/en/conversations/31');
    expect(first).toHaveTextContent('Laboratory results');
    expect(first).toHaveTextContent('Anna Lääkäri, Yleislääkäri: Your results are fine.');
    expect(within(first).getByText('5 min ago')).toHaveAttribute('datetime', agoMs(5 * MINUTE_MS, now));

    const second = within(rows[1] as HTMLElement).getByRole('link');
    expect(second).toHaveTextContent('You: Thank you!');
    expect(within(second).getByText('yesterday')).toBeInTheDocument();

    const third = within(rows[2] as HTMLElement).getByRole('link');
    expect(third).toHaveTextContent('Pekka Hoitaja: See you');
    expect(within(third).getByText('2 March 2026')).toBeInTheDocument();
  });

  test('a row navigates to its thread through the shell', async () => {
    const shell = createFakeShell();
    renderPage({ shell, handlers: { MessagingThreads: threadsQuery(2) } });
    await userEvent.click(await screen.findByRole('link', { name: /Thread 2/ }));
    expect(shell.navigate).toHaveBeenCalledWith('/en/conversations/2');
  });

  test('unread rows are highlighted and say "Unread" (not colour alone); closed threads say "Closed"', async () => {
    renderPage({
      handlers: {
        MessagingThreads: threadsQuery([
          buildThreadListItem({ id: '41', title: 'New reply', isRead: false }),
          buildThreadListItem({ id: '42', title: 'Old thread', isRead: true, isActive: false }),
        ]),
      },
    });
    const [unread, closed] = within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(unread).getByRole('link', { name: /^Unread New reply/ })).toBeInTheDocument();
    expect(unread).toHaveClass('unread');
    expect(unread).not.toHaveTextContent('Closed');
    expect(within(closed).getByRole('link', { name: /^Closed Old thread/ })).toBeInTheDocument();
    expect(closed).not.toHaveClass('unread');
    expect(closed).not.toHaveTextContent('Unread');
  });

  test('a deleted latest message reads "This message has been deleted."', async () => {
    renderPage({
      handlers: { MessagingThreads: threadsQuery([buildThreadListItem({ title: 'Removed', latestMessage: buildDeletedMessage({ content: 'secret' }) })]) },
    });
    const link = await screen.findByRole('link', { name: /Removed/ });
    expect(link).toHaveTextContent('Anna Lääkäri, Yleislääkäri: This message has been deleted.');
    expect(link).not.toHaveTextContent('secret');
  });

  test('in Finnish: own messages by "Sinä", deleted text, unread and relative dates', async () => {
    const now = Date.now();
    renderPage({
      lang: 'fi',
      handlers: {
        MessagingThreads: threadsQuery([
          buildThreadListItem({ id: '51', title: 'Reseptit', isRead: false, latestMessage: buildMessage({ content: 'Kiitos', author: buildCustomerUser(), created: agoMs(3 * HOUR_MS, now) }) }),
          buildThreadListItem({ id: '52', title: 'Poistettu', latestMessage: buildDeletedMessage({ created: agoMs(25 * HOUR_MS, now) }) }),
        ]),
      },
    });
    const list = await screen.findByRole('list', { name: 'Keskustelut' });
    const first = within(list).getByRole('link', { name: /^Lukematon Reseptit/ });
    expect(first).toHaveAttribute('href', '/fi/viestit/51');
    expect(first).toHaveTextContent('Sinä: Kiitos');
    expect(first).toHaveTextContent('3 t sitten');
    const second = within(list).getByRole('link', { name: /Poistettu/ });
    expect(second).toHaveTextContent('Tämä viesti on poistettu.');
    expect(second).toHaveTextContent('eilen');
    expect(screen.getByRole('link', { name: 'Uusi viesti' })).toHaveAttribute('href', '/fi/viestit/uusi');
  });

  test('a message with attachments only shows how many; a thread without messages says so', async () => {
    renderPage({
      handlers: {
        MessagingThreads: threadsQuery([
          buildThreadListItem({
            title: 'Files',
            latestMessage: buildMessage({
              content: '  ',
              attachments: [
                { id: 'a1', fileName: 'a.pdf', contentType: 'application/pdf' },
                { id: 'a2', fileName: 'b.pdf', contentType: 'application/pdf' },
              ],
            }),
          }),
          buildThreadListItem({ title: 'Nothing', latestMessage: null }),
        ]),
      },
    });
    expect(await screen.findByRole('link', { name: /Files/ })).toHaveTextContent('Anna Lääkäri, Yleislääkäri: 2 attachments');
    expect(screen.getByRole('link', { name: /Nothing/ })).toHaveTextContent('No messages yet');
  });

  test('the new-message link goes to messaging.new, and is absent when that page does not exist', async () => {
    const shell = createFakeShell();
    const { unmount } = renderPage({ shell, handlers: { MessagingThreads: threadsQuery(1) } });
    const link = screen.getByRole('link', { name: 'New message' });
    expect(link).toHaveAttribute('href', '/en/conversations/new');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/conversations/new');
    unmount();

    const withoutNew = createFakeShell({
      hasRoute: (routeId): routeId is RouteId => routeId !== 'messaging.new' && routeTable.some((route) => route.id === routeId),
    });
    renderPage({ shell: withoutNew, handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.queryByRole('link', { name: 'New message' })).not.toBeInTheDocument();
  });

  test('10 per page: page 2 of 12 threads asks the server for offset 10 and shows the last two', async () => {
    const threads = buildThreads(12);
    const { client } = renderPage({ handlers: { MessagingThreads: pagedThreadsHandler(threads) } });
    expect(within(await screen.findByRole('list', { name: 'Conversations' })).getAllByRole('listitem')).toHaveLength(10);
    const pagination = screen.getByRole('navigation', { name: 'Conversation pages' });
    expect(within(pagination).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: /Thread 12/ })).toBeInTheDocument();
    const rows = within(conversationList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/en/conversations/11', '/en/conversations/12']);
    expect(client.callsOf('MessagingThreads').at(-1)).toEqual({ pagination: { limit: 10, offset: 10 } });
    expect(within(pagination).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('button', { name: 'Next page' })).toBeDisabled();
    // reading starts again at the top of the new page
    expect(conversationList()).toHaveFocus();

    await userEvent.click(within(pagination).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: /Thread 1 / })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Thread 12/ })).not.toBeInTheDocument();
  });
});

describe('conversation list: errors and polling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setVisibility('visible');
  });
  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  test('a failure shows the loading-error alert, stops polling, and the retry loads again', async () => {
    const { client, shell } = renderPage({
      handlers: {
        MessagingThreads: () => {
          throw mockFailure({ kind: 'network' });
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch conversations. Please try again later.');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'messaging-conversations');
    await act(async () => jest.advanceTimersByTime(600_000));
    expect(client.callsOf('MessagingThreads')).toHaveLength(1);

    client.use({ MessagingThreads: threadsQuery(2) });
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Thread 2/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(client.callsOf('MessagingThreads')).toHaveLength(2);
  });

  test('a failed poll replaces the list with the alert and polling stops', async () => {
    const { client } = renderPage({ handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('list', { name: 'Conversations' });
    client.use({
      MessagingThreads: () => {
        throw mockFailure({ kind: 'http', status: 500 });
      },
    });
    await act(async () => jest.advanceTimersByTime(120_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch conversations.');
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(600_000));
    expect(client.callsOf('MessagingThreads')).toHaveLength(2);
  });

  test('polls every 120 s and shows a new thread', async () => {
    const { client } = renderPage({ handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('link', { name: /Thread 1/ });
    const fresh = buildThreadListItem({ id: '99', title: 'Brand new', isRead: false, latestMessage: buildMessage({ created: new Date().toISOString() }) });
    client.use({ MessagingThreads: threadsQuery([fresh, ...buildThreads(1)]) });

    await act(async () => jest.advanceTimersByTime(119_000));
    expect(screen.queryByRole('link', { name: /Brand new/ })).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(await screen.findByRole('link', { name: /^Unread Brand new/ })).toBeInTheDocument();
    expect(client.callsOf('MessagingThreads')).toHaveLength(2);
    await act(async () => jest.advanceTimersByTime(120_000));
    expect(client.callsOf('MessagingThreads')).toHaveLength(3);
  });

  test('uses the loader’s polling interval', async () => {
    const { client } = renderPage({ state: messagingPageState({ pollIntervalMs: 5_000 }), handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('list', { name: 'Conversations' });
    await act(async () => jest.advanceTimersByTime(5_000));
    expect(client.callsOf('MessagingThreads')).toHaveLength(2);
  });

  test('polling pauses while the tab is hidden and resumes when it is shown', async () => {
    const { client } = renderPage({ handlers: { MessagingThreads: threadsQuery(1) } });
    await screen.findByRole('list', { name: 'Conversations' });
    act(() => setVisibility('hidden'));
    await act(async () => jest.advanceTimersByTime(600_000));
    expect(client.callsOf('MessagingThreads')).toHaveLength(1);
    await act(async () => {
      setVisibility('visible');
      jest.advanceTimersByTime(0);
    });
    expect(client.callsOf('MessagingThreads')).toHaveLength(2);
  });

  test('polling asks for the page on screen', async () => {
    const { client } = renderPage({ handlers: { MessagingThreads: pagedThreadsHandler(buildThreads(12)) } });
    await screen.findByRole('list', { name: 'Conversations' });
    await user().click(within(screen.getByRole('navigation', { name: 'Conversation pages' })).getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: /Thread 12/ });
    await act(async () => jest.advanceTimersByTime(120_000));
    expect(client.callsOf('MessagingThreads').map((variables) => variables.pagination?.offset)).toEqual([0, 10, 10]);
  });
});
