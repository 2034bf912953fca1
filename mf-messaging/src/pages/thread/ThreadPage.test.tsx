import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type MarkAsReadMutation, type MessagingPageState, type MessagingThreadForCustomerQuery } from '@portal/shared-api';
import { createMockMessagingClient, type MessagingMockHandlers } from '@portal/shared-api/mock';
import { formatDate } from '@portal/shared-i18n';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { buildCustomerUser, buildDeletedMessage, buildMessage, buildProfessional, messagingPageState } from '../../../test/fixtures';
import {
  buildAbsence,
  buildAssignee,
  buildThread,
  createShellWithRecordsRoutes,
  mockReducedMotion,
  sendMessageAnswer,
  threadQuery,
  type Thread,
} from '../../../test/thread-fixtures';
import { ThreadPage } from './ThreadPage';

const PATHS = { en: 'conversations', fi: 'viestit', sv: 'meddelanden' } as const;
const DAY_MS = 86_400_000;

function renderThread({
  thread = buildThread({ messageList: [buildMessage()] }),
  handlers = {},
  state = messagingPageState(),
  shell = createFakeShell(),
}: {
  thread?: Thread;
  handlers?: MessagingMockHandlers;
  state?: MessagingPageState | null;
  shell?: FakeShell;
} = {}) {
  if (state) {
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'messaging.thread' ? pageState(routeId, state, { id: '42' }) : null));
  }
  const client = createMockMessagingClient({ MessagingThreadForCustomer: threadQuery(thread), ...handlers });
  const segment = PATHS[shell.lang];
  return { ...renderWithShell(<ThreadPage />, { shell, client, path: `/${shell.lang}/${segment}/42`, routePath: `${segment}/:id` }), client };
}

function markAsReadAnswer(): MarkAsReadMutation {
  return { markAsRead: { type: 'success', thread: { id: '42', isRead: true, readStatus: [{ readBy: 'cust-1', readAt: '2026-05-10T12:01:00.000Z' }] } } };
}

function messageItems() {
  return screen.getAllByRole('article');
}

let scrollIntoView: jest.Mock;
beforeEach(() => {
  // jsdom does not lay out pages
  scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  jest.useRealTimers();
});

describe('conversation detail: states', () => {
  test('a spinner while the page state loads, then the thread is asked with the id of the path', async () => {
    const shell = createFakeShell();
    const { client } = renderThread({ shell, state: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the conversation…');
    expect(shell.loadPage).toHaveBeenCalledWith('messaging.thread', { id: '42' }, expect.any(AbortSignal));
    expect(client.calls).toHaveLength(0);
  });

  test("the thread is asked in the page's language (the server answers titles and the team's name in it)", async () => {
    const { client } = renderThread({ shell: createFakeShell({ lang: 'sv' }) });
    await screen.findByRole('heading', { level: 1 });
    expect(client.calls.filter((call) => call.operationName === 'MessagingThreadForCustomer').map((call) => call.lang)).toEqual(['sv']);
  });

  test('a spinner while the thread loads', async () => {
    renderThread({ handlers: { MessagingThreadForCustomer: () => new Promise(() => {}) } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the conversation…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  test('the page state failing shows the error view with a retry', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(pageState('messaging.thread', messagingPageState(), { id: '42' }));
    renderThread({ shell, state: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Apologies! Something went wrong...');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Laboratory results' })).toBeInTheDocument();
  });

  test('a load error is retried once by itself before the error shows', async () => {
    const handler = jest
      .fn<MessagingThreadForCustomerQuery, []>()
      .mockImplementationOnce(() => {
        throw new ApiError({ kind: 'network' });
      })
      .mockImplementation(() => threadQuery(buildThread({ messageList: [buildMessage()] })));
    renderThread({ handlers: { MessagingThreadForCustomer: handler } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Laboratory results' })).toBeInTheDocument();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a load error that persists shows the alert; Try again loads again', async () => {
    const handler = jest
      .fn<MessagingThreadForCustomerQuery, []>()
      .mockImplementationOnce(() => {
        throw new ApiError({ kind: 'network' });
      })
      .mockImplementationOnce(() => {
        throw new ApiError({ kind: 'http', status: 500 });
      })
      .mockImplementation(() => threadQuery(buildThread({ messageList: [buildMessage({ content: 'Tulokset ovat valmiit.' })] })));
    const shell = createFakeShell();
    renderThread({ shell, handlers: { MessagingThreadForCustomer: handler } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch messages. Please try again later.');
    expect(handler).toHaveBeenCalledTimes(2);
    expect(shell.errors.report).toHaveBeenCalledWith(expect.any(ApiError), 'messaging-thread');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tulokset ovat valmiit.')).toBeInTheDocument();
    expect(handler).toHaveBeenCalledTimes(3);
  });

  test("another patient's or an unknown thread: 'not found' with the way back, and no reload", async () => {
    const handler = jest.fn(() => {
      throw new ApiError({ kind: 'not-found' });
    });
    const shell = createFakeShell();
    renderThread({ shell, handlers: { MessagingThreadForCustomer: handler } });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Conversation not found' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('The conversation does not exist, or you do not have access to it.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Back to messages/ });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/en/conversations');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(shell.errors.report).not.toHaveBeenCalled();
  });

  test('maintenance mode shows the offline notice and asks nothing of the messaging service', async () => {
    const { client } = renderThread({ state: messagingPageState({ status: 'maintenance-mode' }) });
    expect(screen.getByRole('heading', { level: 2, name: 'Messaging is currently offline' })).toBeInTheDocument();
    expect(client.calls).toHaveLength(0);
  });

  test('without a messaging user the page says messaging is not available and calls nothing', () => {
    const { client } = renderThread({ state: messagingPageState({ customerMessagingUserId: null }) });
    expect(screen.getByText('Messaging is not available to you.')).toBeInTheDocument();
    expect(client.calls).toHaveLength(0);
  });

  test('an active announcement shows above the thread; an inactive one does not', async () => {
    renderThread({
      state: messagingPageState({ info: { active: true, heading: 'Huoltokatko', description: 'Viestit toimivat hitaasti.', announcementType: 'warning' } }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Laboratory results' });
    expect(screen.getByRole('heading', { level: 2, name: /Huoltokatko/ })).toBeInTheDocument();
    expect(screen.getByText('Viestit toimivat hitaasti.')).toBeInTheDocument();
  });

  test('the back link leads to the conversation list through the shell', async () => {
    const shell = createFakeShell();
    renderThread({ shell });
    await userEvent.click(screen.getAllByRole('link', { name: /Back to messages/ })[0]!);
    expect(shell.navigate).toHaveBeenCalledWith('/en/conversations');
  });
});

describe('conversation detail: the thread (spec part 1 §2)', () => {
  test('title focused, participants with the customer as You, each message with author, time and text', async () => {
    renderThread({
      thread: buildThread({
        messageList: [
          buildMessage({ id: '1', created: '2026-05-10T06:15:00.000Z', content: 'Tulokset ovat valmiit.' }),
          buildMessage({ id: '2', created: '2026-05-10T07:40:00.000Z', content: 'Kiitos!', author: buildCustomerUser() }),
        ],
      }),
    });
    const title = await screen.findByRole('heading', { level: 1, name: 'Laboratory results' });
    expect(title).toHaveFocus();
    const participants = screen.getByRole('region', { name: 'Participants' });
    expect(within(participants).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['You', 'Anna Lääkäri, Yleislääkäri']);
    const [first, second] = messageItems();
    expect(first).toHaveTextContent('Anna Lääkäri, Yleislääkäri');
    expect(first).toHaveTextContent('9:15');
    expect(first).toHaveTextContent('Tulokset ovat valmiit.');
    expect(second).toHaveTextContent('You');
    expect(second).toHaveTextContent('10:40');
    expect(within(second!).getByText('10:40')).toHaveAttribute('dateTime', '2026-05-10T07:40:00.000Z');
  });

  test('in Finnish the customer is Sinä, in the participants and on their own messages', async () => {
    renderThread({
      shell: createFakeShell({ lang: 'fi' }),
      thread: buildThread({ messageList: [buildMessage({ author: buildCustomerUser(), content: 'Hei' })] }),
    });
    const participants = await screen.findByRole('region', { name: 'Osallistujat' });
    expect(within(participants).getByText('Sinä')).toBeInTheDocument();
    expect(messageItems()[0]).toHaveTextContent(/^Sinä/);
    expect(screen.getByRole('link', { name: /Takaisin viesteihin/ })).toHaveAttribute('href', '/fi/viestit');
  });

  test('messages are grouped by their date in Helsinki: 23:30 UTC in winter is the next day', async () => {
    renderThread({
      thread: buildThread({
        messageList: [
          buildMessage({ id: '1', created: '2026-01-14T12:00:00.000Z', content: 'Päivällä' }),
          buildMessage({ id: '2', created: '2026-01-14T21:30:00.000Z', content: 'Illalla' }),
          buildMessage({ id: '3', created: '2026-01-14T23:30:00.000Z', content: 'Yöllä' }),
        ],
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    const day1 = screen.getByRole('region', { name: '14 January 2026' });
    const day2 = screen.getByRole('region', { name: '15 January 2026' });
    expect(within(day1).getAllByRole('article').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Päivällä'),
      expect.stringContaining('Illalla'),
    ]);
    expect(within(day2).getByRole('article')).toHaveTextContent('Yöllä');
    expect(within(day2).getByRole('article')).toHaveTextContent('1:30');
  });

  test('a message is plain text with its line breaks; markup in it is not HTML', async () => {
    const { container } = renderThread({
      thread: buildThread({ messageList: [buildMessage({ content: 'Rivi 1\nRivi 2 <b>ei lihavoitu</b><img src=x onerror=alert(1)>' })] }),
    });
    await screen.findByRole('heading', { level: 1 });
    const text = screen.getByText(/Rivi 1/);
    expect(text.textContent).toBe('Rivi 1\nRivi 2 <b>ei lihavoitu</b><img src=x onerror=alert(1)>');
    expect(container.querySelector('article b, article img')).toBeNull();
  });

  test('a deleted message says it was deleted and shows nothing of it', async () => {
    renderThread({
      thread: buildThread({
        messageList: [
          buildDeletedMessage({
            content: 'salaisuus',
            attachments: [{ id: 'att-1', fileName: 'poistettu.pdf', contentType: 'application/pdf' }],
          }),
        ],
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(messageItems()[0]).toHaveTextContent('This message has been deleted.');
    expect(screen.queryByText('salaisuus')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /poistettu\.pdf/ })).not.toBeInTheDocument();
  });

  test('a thread without messages says so', async () => {
    renderThread({ thread: buildThread({ messageList: [] }) });
    expect(await screen.findByText('There are no messages in this conversation yet.')).toBeInTheDocument();
  });

  test('the response-time note says 1–3 business days', async () => {
    renderThread();
    expect(await screen.findByText('We reply to messages within 1–3 business days.')).toBeInTheDocument();
  });

  test('absence notice: the assignee is away now, with the substitute and the end date', async () => {
    const now = Date.now();
    const endDate = new Date(now + 5 * DAY_MS).toISOString();
    renderThread({
      thread: buildThread({
        messageList: [buildMessage()],
        assignments: [
          {
            assignedAt: '2026-05-01T09:00:00.000Z',
            assignee: buildAssignee({ absences: [buildAbsence({ startDate: new Date(now - DAY_MS).toISOString(), endDate })] }),
          },
        ],
      }),
    });
    expect(await screen.findByText(`Anna Lääkäri, Yleislääkäri is absent until ${formatDate(endDate, 'en')}.`)).toBeInTheDocument();
    expect(screen.getByText('Substitute: Pekka Sijainen, Työterveyshoitaja')).toBeInTheDocument();
  });

  test('no absence notice for an absence that has not started or has ended', async () => {
    const now = Date.now();
    renderThread({
      thread: buildThread({
        messageList: [buildMessage()],
        assignments: [
          {
            assignedAt: '2026-05-01T09:00:00.000Z',
            assignee: buildAssignee({
              absences: [
                buildAbsence({ startDate: new Date(now - 9 * DAY_MS).toISOString(), endDate: new Date(now - DAY_MS).toISOString() }),
                buildAbsence({ startDate: new Date(now + DAY_MS).toISOString(), endDate: new Date(now + 9 * DAY_MS).toISOString() }),
              ],
            }),
          },
        ],
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/is absent until/)).not.toBeInTheDocument();
  });
});

describe('conversation detail: questionnaires and attachments', () => {
  const withQuestionnaire = () =>
    buildThread({
      messageList: [
        buildMessage({
          questionnaireInvitations: [{ id: '77', answeredAt: null, questionnaire: { id: 'form-1', title: 'Esitietolomake' } }],
        }),
      ],
    });

  test('a questionnaire invitation links to the questionnaire page when it exists', async () => {
    const shell = createShellWithRecordsRoutes(['records.questionnaires', 'records.questionnaire']);
    renderThread({ shell, thread: withQuestionnaire() });
    const link = await screen.findByRole('link', { name: 'Esitietolomake' });
    expect(link).toHaveAttribute('href', '/en/questionnaire/77');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/questionnaire/77');
  });

  test('without the questionnaire page it links to the questionnaires list', async () => {
    renderThread({ shell: createShellWithRecordsRoutes(['records.questionnaires'], 'fi'), thread: withQuestionnaire() });
    expect(await screen.findByRole('link', { name: 'Esitietolomake' })).toHaveAttribute('href', '/fi/kyselyt');
  });

  test('without either page the title shows without a link', async () => {
    renderThread({ thread: withQuestionnaire() });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('Esitietolomake')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Esitietolomake' })).not.toBeInTheDocument();
  });

  describe('attachment download', () => {
    const withAttachment = () =>
      buildThread({ messageList: [buildMessage({ attachments: [{ id: 'att-9', fileName: 'lausunto.pdf', contentType: 'application/pdf' }] })] });
    let openSpy: jest.SpyInstance;
    let tab: { opener: unknown; closed: boolean; location: { href: string }; close: jest.Mock };

    beforeEach(() => {
      tab = { opener: window, closed: false, location: { href: 'about:blank' }, close: jest.fn() };
      openSpy = jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    });
    afterEach(() => openSpy.mockRestore());

    test('opens a new tab at once and sends it to the download URL', async () => {
      const { client } = renderThread({
        thread: withAttachment(),
        handlers: { AttachmentDownloadUrl: { attachmentDownloadUrl: 'https://files.example.fi/att-9?sig=abc' } },
      });
      const button = await screen.findByRole('button', { name: 'lausunto.pdf (opens in a new window)' });
      await userEvent.click(button);
      expect(openSpy).toHaveBeenCalledWith('', '_blank');
      expect(tab.opener).toBeNull();
      await waitFor(() => expect(tab.location.href).toBe('https://files.example.fi/att-9?sig=abc'));
      expect(client.callsOf('AttachmentDownloadUrl')).toEqual([{ id: 'att-9' }]);
    });

    test('a failed download closes the tab, is reported and shows nothing', async () => {
      const shell = createFakeShell();
      renderThread({
        shell,
        thread: withAttachment(),
        handlers: {
          AttachmentDownloadUrl: () => {
            throw new ApiError({ kind: 'network' });
          },
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: /lausunto\.pdf/ }));
      await waitFor(() => expect(tab.close).toHaveBeenCalled());
      expect(shell.errors.report).toHaveBeenCalledWith(expect.any(ApiError), 'messaging-attachment-download');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(shell.toasts.show).not.toHaveBeenCalled();
    });

    test('a URL that is not a web address is never opened', async () => {
      const shell = createFakeShell();
      renderThread({ shell, thread: withAttachment(), handlers: { AttachmentDownloadUrl: { attachmentDownloadUrl: 'javascript:alert(1)' } } });
      await userEvent.click(await screen.findByRole('button', { name: /lausunto\.pdf/ }));
      await waitFor(() => expect(tab.close).toHaveBeenCalled());
      expect(tab.location.href).toBe('about:blank');
      expect(shell.errors.report).toHaveBeenCalled();
    });
  });
});

describe('conversation detail: read state, closed thread, refresh, scroll', () => {
  test('an unread thread is marked read after it loads', async () => {
    const markAsRead = jest.fn(markAsReadAnswer);
    renderThread({ thread: buildThread({ isRead: false, messageList: [buildMessage()] }), handlers: { MarkAsRead: markAsRead } });
    await waitFor(() => expect(markAsRead).toHaveBeenCalledWith({ threadId: '42' }, expect.anything()));
    expect(markAsRead).toHaveBeenCalledTimes(1);
  });

  test('a read thread is not marked again', async () => {
    const { client } = renderThread({ thread: buildThread({ isRead: true, messageList: [buildMessage()] }), handlers: { MarkAsRead: markAsReadAnswer } });
    await screen.findByRole('heading', { level: 1 });
    await act(async () => undefined);
    expect(client.callsOf('MarkAsRead')).toHaveLength(0);
  });

  test('a closed thread shows the 15-second toast once, and sending stays possible', async () => {
    const shell = createFakeShell();
    renderThread({ shell, thread: buildThread({ isActive: false, messageList: [buildMessage()] }) });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(shell.toasts.show).toHaveBeenCalledTimes(1));
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'info', text: 'This conversation has been closed', durationMs: 15_000 });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Vielä yksi kysymys');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test('an open thread shows no toast', async () => {
    const shell = createFakeShell();
    renderThread({ shell });
    await screen.findByRole('heading', { level: 1 });
    expect(shell.toasts.show).not.toHaveBeenCalled();
  });

  test('refreshes every 120 s: a new message appears and is announced politely', async () => {
    jest.useFakeTimers();
    const first = buildMessage({ id: '1', created: '2026-05-10T06:00:00.000Z', content: 'Ensimmäinen' });
    const later = buildMessage({ id: '2', created: '2026-05-10T08:00:00.000Z', content: 'Uusi vastaus', author: buildProfessional({ firstName: 'Pekka', lastName: 'Hoitaja', title: null }) });
    const handler = jest
      .fn<MessagingThreadForCustomerQuery, []>()
      .mockReturnValueOnce(threadQuery(buildThread({ messageList: [first] })))
      .mockReturnValue(threadQuery(buildThread({ messageList: [first, later] })));
    renderThread({ handlers: { MessagingThreadForCustomer: handler } });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Ensimmäinen')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(119_000));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Uusi vastaus')).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Uusi vastaus')).toBeInTheDocument();
    const announcement = screen.getAllByRole('status').find((element) => element.textContent?.includes('New message from'));
    expect(announcement).toHaveTextContent('New message from Pekka Hoitaja.');
  });

  test('a failed refresh stops the polling and offers a retry', async () => {
    jest.useFakeTimers();
    const handler = jest
      .fn<MessagingThreadForCustomerQuery, []>()
      .mockReturnValueOnce(threadQuery(buildThread({ messageList: [buildMessage({ content: 'Ensimmäinen' })] })))
      .mockImplementationOnce(() => {
        throw new ApiError({ kind: 'network' });
      })
      .mockReturnValue(threadQuery(buildThread({ messageList: [buildMessage({ content: 'Ensimmäinen' })] })));
    renderThread({ handlers: { MessagingThreadForCustomer: handler } });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch messages. Please try again later.');
    expect(screen.getByText('Ensimmäinen')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(600_000));
    expect(handler).toHaveBeenCalledTimes(2);
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(handler).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('uses the page state poll interval', async () => {
    jest.useFakeTimers();
    const handler = jest.fn(() => threadQuery(buildThread({ messageList: [buildMessage()] })));
    renderThread({ state: messagingPageState({ pollIntervalMs: 5_000 }), handlers: { MessagingThreadForCustomer: handler } });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await act(() => jest.advanceTimersByTimeAsync(4_999));
    expect(handler).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(handler).toHaveBeenCalledTimes(2);
  });

  test('scrolls to the last message 100 ms after it renders, smoothly', async () => {
    jest.useFakeTimers();
    const restore = mockReducedMotion(false);
    try {
      renderThread({ thread: buildThread({ messageList: [buildMessage({ content: 'Vanha' }), buildMessage({ content: 'Viimeisin' })] }) });
      await act(() => jest.advanceTimersByTimeAsync(0));
      await act(() => jest.advanceTimersByTimeAsync(99));
      expect(scrollIntoView).not.toHaveBeenCalled();
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(scrollIntoView.mock.contexts[0]).toBe(messageItems()[1]?.closest('li'));
    } finally {
      restore();
    }
  });

  test('with reduced motion the scroll jumps', async () => {
    jest.useFakeTimers();
    const restore = mockReducedMotion(true);
    try {
      renderThread();
      await act(() => jest.advanceTimersByTimeAsync(0));
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    } finally {
      restore();
    }
  });
});

describe('conversation detail: replying', () => {
  test('a sent message appears at the end as the customer’s own', async () => {
    const sendMessage = jest.fn(() =>
      sendMessageAnswer(buildMessage({ id: '900', created: new Date().toISOString(), content: 'Kiitos tiedosta', author: buildCustomerUser() })),
    );
    const { client } = renderThread({ handlers: { SendMessage: sendMessage } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Kiitos tiedosta');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));
    expect(client.callsOf('SendMessage')).toEqual([
      { threadId: '42', message: { content: 'Kiitos tiedosta', attachments: [], questionnaireInvitations: [] } },
    ]);
    const last = messageItems().at(-1);
    expect(last).toHaveTextContent('You');
    expect(last).toHaveTextContent('Kiitos tiedosta');
  });

  test('a failed send keeps the text', async () => {
    renderThread({
      handlers: {
        SendMessage: () => {
          throw new ApiError({ kind: 'http', status: 500 });
        },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Tärkeä');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sending the message failed. Try again.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Tärkeä');
  });
});
