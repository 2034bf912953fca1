import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGE_CONTENT_MAX_LENGTH, type ComposedRoute, type NewConversationPageState, type SendMessageInNewThreadMutation } from '@portal/shared-api';
import { createMockMessagingClient, type MessagingMockHandlers } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, routeTable, type FakeShell } from '../../../test/shell-fake';
import { newConversationPageState } from '../../../test/thread-fixtures';
import { NewPage } from './NewPage';

const created: SendMessageInNewThreadMutation = { sendMessageInNewThread: [{ threadId: '55', url: '/en/conversations/55' }] };

function renderPage({
  state = newConversationPageState(),
  handlers = {},
  shell = createFakeShell(),
}: { state?: NewConversationPageState | null; handlers?: MessagingMockHandlers; shell?: FakeShell } = {}) {
  if (state) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'messaging.new' ? pageState(routeId, state) : null));
  const client = createMockMessagingClient({
    SendMessageInNewThread: created,
    CreateAttachmentUpload: () => ({
      createAttachmentUpload: { key: 'K'.repeat(32), url: '/api/attachments/uploads/1', expiresAt: '2026-05-10T12:05:00.000Z' },
    }),
    ...handlers,
  });
  const user = userEvent.setup();
  const result = renderWithShell(<NewPage />, { shell, client, path: `/${shell.lang}/conversations/new` });
  return { ...result, user, shell, client };
}

const subject = () => screen.getByRole('textbox', { name: 'Subject' });
const message = () => screen.getByRole('textbox', { name: 'Message' });
const send = () => screen.getByRole('button', { name: /^Send/ });

// jsdom has no fetch: the upload's PUT goes to this fake
let putFile: jest.Mock;
const originalFetch = globalThis.fetch;
beforeEach(() => {
  putFile = jest.fn(() => Promise.resolve({ ok: true, status: 200 }));
  globalThis.fetch = putFile as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = originalFetch;
});

describe('new conversation: the form (spec part 1 §2, §5)', () => {
  test('title focused, the recipient, a labelled subject and message, attachments and send', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'New message' })).toHaveFocus();
    expect(screen.getByRole('term')).toHaveTextContent('Recipient');
    expect(screen.getByRole('definition')).toHaveTextContent('Työterveystiimi');
    expect(subject()).toBeRequired();
    expect(message()).toBeRequired();
    expect(screen.getByRole('button', { name: 'Add attachments' })).toBeInTheDocument();
    expect(send()).toBeEnabled();
    expect(screen.getByRole('link', { name: /Back to messages/ })).toHaveAttribute('href', '/en/conversations');
  });

  test('the subject takes at most 70 characters, with a visible counter; more is kept and counted, never cut (issue 28)', async () => {
    const { user } = renderPage();
    expect(subject()).toHaveAccessibleDescription('0 / 70 characters');
    await user.type(subject(), 'a'.repeat(69));
    expect(screen.getByText('69 / 70 characters')).toBeInTheDocument();
    await user.type(subject(), 'bcd');
    expect(subject()).toHaveValue(`${'a'.repeat(69)}bcd`);
    expect(subject()).toHaveAccessibleDescription('72 / 70 characters');
  });

  test('a pasted subject longer than 70 characters is kept whole, for the person to shorten', async () => {
    const { user } = renderPage();
    await user.click(subject());
    await user.paste('x'.repeat(80));
    expect((subject() as HTMLInputElement).value).toHaveLength(80);
  });

  test('an empty subject and message are errors at their fields, and focus goes to the first', async () => {
    const { user, client } = renderPage();
    await user.type(subject(), '   ');
    await user.click(send());
    expect(subject()).toHaveAttribute('aria-invalid', 'true');
    expect(subject()).toHaveAccessibleDescription('0 / 70 characters Enter a subject.');
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    expect(message()).toHaveAccessibleDescription(/Write a message\.$/);
    expect(subject()).toHaveFocus();
    expect(client.callsOf('SendMessageInNewThread')).toHaveLength(0);
  });

  test('with a subject, a missing message moves focus to the message', async () => {
    const { user, client } = renderPage();
    await user.type(subject(), 'Reseptin uusiminen');
    await user.click(send());
    expect(subject()).not.toHaveAttribute('aria-invalid');
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    expect(message()).toHaveFocus();
    expect(client.callsOf('SendMessageInNewThread')).toHaveLength(0);
  });

  test('a pasted message over the limit stays whole with its count and error, and nothing is sent (issue 28)', async () => {
    const { user, client } = renderPage();
    const pasted = 'a'.repeat(MESSAGE_CONTENT_MAX_LENGTH + 1);
    await user.type(subject(), 'Pitkä viesti');
    await user.click(message());
    await user.paste(pasted);
    expect(message()).toHaveValue(pasted);
    expect(screen.getByText('10,001 / 10,000 characters')).toBeInTheDocument();
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    expect(message()).toHaveAccessibleDescription(/10,001 \/ 10,000 characters The message can be at most 10,000 characters long\. Shorten the message\.$/);
    await user.click(send());
    expect(client.callsOf('SendMessageInNewThread')).toHaveLength(0);
    expect(message()).toHaveFocus();
    expect(message()).toHaveValue(pasted);

    // shortened to the limit, it goes
    await user.type(message(), '{Backspace}');
    expect(message()).not.toHaveAttribute('aria-invalid');
    await user.click(send());
    await waitFor(() => expect(client.callsOf('SendMessageInNewThread')).toHaveLength(1));
    expect(client.callsOf('SendMessageInNewThread')[0]).toMatchObject({ firstMessage: { content: 'a'.repeat(MESSAGE_CONTENT_MAX_LENGTH) } });
  });

  test('the errors go once the fields are filled and sent', async () => {
    const { user } = renderPage();
    await user.click(send());
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await user.click(send());
    expect(subject()).not.toHaveAttribute('aria-invalid');
    expect(message()).not.toHaveAttribute('aria-invalid');
  });
});

describe('new conversation: sending (spec part 1 §4, §7)', () => {
  test('sends a customer thread to the recipient and goes to the created thread', async () => {
    const { user, client, shell } = renderPage();
    await user.type(subject(), '  Laboratoriotulokset  ');
    await user.type(message(), '  Hei,{Enter}onko tulokset tulleet?  ');
    await user.click(send());
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/en/conversations/55'));
    expect(client.callsOf('SendMessageInNewThread')).toEqual([
      {
        title: 'Laboratoriotulokset',
        type: 'customer',
        participantIds: ['team-1'],
        separateThreadPerParticipant: false,
        lang: 'en',
        firstMessage: { content: 'Hei,\nonko tulokset tulleet?', attachments: [], questionnaireInvitations: [] },
      },
    ]);
  });

  test('uploaded attachments go with the first message', async () => {
    const { user, client, shell } = renderPage({ shell: createFakeShell({ lang: 'sv' }) });
    const file = new File(['%PDF'], 'remiss.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Lägg till bilagor'), file);
    await user.type(screen.getByRole('textbox', { name: 'Ämne' }), 'Remiss');
    await user.type(screen.getByRole('textbox', { name: 'Meddelande' }), 'Se bilagan');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skicka' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Skicka' }));
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/sv/meddelanden/55'));
    expect(putFile).toHaveBeenCalledWith('/api/attachments/uploads/1?csrfToken=csrf', expect.objectContaining({ method: 'PUT', body: file }));
    expect(client.callsOf('SendMessageInNewThread')[0]).toMatchObject({
      lang: 'sv',
      firstMessage: { attachments: [{ key: 'K'.repeat(32), fileName: 'remiss.pdf', contentType: 'application/pdf' }] },
    });
  });

  test('send waits while an attachment uploads', async () => {
    putFile.mockImplementation(() => new Promise(() => {}));
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('Add attachments'), new File(['a'], 'a.pdf', { type: 'application/pdf' }));
    expect(send()).toBeDisabled();
  });

  test('a failed send says so and keeps everything', async () => {
    const { user, shell } = renderPage({
      handlers: {
        SendMessageInNewThread: () => {
          throw new ApiError({ kind: 'http', status: 500 });
        },
      },
    });
    await user.upload(screen.getByLabelText('Add attachments'), new File(['a'], 'a.pdf', { type: 'application/pdf' }));
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti{Enter}toinen rivi');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send the message.');
    expect(subject()).toHaveValue('Aihe');
    expect(message()).toHaveValue('Viesti\ntoinen rivi');
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getByRole('listitem')).toHaveTextContent('a.pdf');
    expect(shell.navigate).not.toHaveBeenCalled();
    expect(shell.errors.report).toHaveBeenCalledWith(expect.any(ApiError), 'messaging-new-conversation');
  });

  test('a network failure shows the network text and keeps the text', async () => {
    const { user } = renderPage({
      handlers: {
        SendMessageInNewThread: () => {
          throw new ApiError({ kind: 'network' });
        },
      },
    });
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
    expect(message()).toHaveValue('Viesti');
  });

  test.each([
    ['no link', []],
    [
      'two links',
      [
        { threadId: '55', url: '/en/conversations/55' },
        { threadId: '56', url: '/en/conversations/56' },
      ],
    ],
  ])('%s in the answer is a failure, not a success', async (_name, links) => {
    const { user, shell } = renderPage({ handlers: { SendMessageInNewThread: { sendMessageInNewThread: links } } });
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send the message.');
    expect(shell.navigate).not.toHaveBeenCalled();
    expect(subject()).toHaveValue('Aihe');
  });

  test("the server's field errors show at their fields, focus on the first", async () => {
    const { user } = renderPage({
      handlers: {
        SendMessageInNewThread: () => {
          throw new ApiError({
            kind: 'validation',
            details: [
              { path: 'firstMessage.content', message: 'Too long' },
              { path: 'title', message: 'Too long' },
              { path: 'firstMessage.attachments.0', message: 'Not an upload key' },
            ],
          });
        },
      },
    });
    await user.upload(screen.getByLabelText('Add attachments'), new File(['a'], 'a.pdf', { type: 'application/pdf' }));
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send the message.');
    expect(subject()).toHaveAttribute('aria-invalid', 'true');
    expect(subject()).toHaveAccessibleDescription('4 / 70 characters The subject must be 1–70 characters long.');
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    expect(message()).toHaveAccessibleDescription(/Check the message\.$/);
    expect(within(screen.getByRole('list', { name: 'Attachments' })).getByRole('listitem')).toHaveTextContent(
      'This file could not be sent. Remove it and try again.',
    );
    expect(subject()).toHaveFocus();
    expect(message()).toHaveValue('Viesti');
  });

  test('Ctrl+Enter in the message sends the form', async () => {
    const { user, shell } = renderPage();
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(shell.navigate).toHaveBeenCalledWith('/en/conversations/55'));
  });

  test('with several teams the patient chooses the recipient', async () => {
    const { user, client } = renderPage({
      state: newConversationPageState({
        recipients: [
          { id: 'team-1', name: 'Työterveystiimi' },
          { id: 'team-2', name: 'Lastenklinikka' },
        ],
      }),
    });
    const group = screen.getByRole('group', { name: 'Recipient' });
    expect(within(group).getByRole('radio', { name: 'Työterveystiimi' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Lastenklinikka' }));
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await user.click(send());
    await waitFor(() => expect(client.callsOf('SendMessageInNewThread')).toHaveLength(1));
    expect(client.callsOf('SendMessageInNewThread')[0]?.participantIds).toEqual(['team-2']);
  });

  test('while sending the button is busy and a second click sends nothing', async () => {
    let resolve!: (value: SendMessageInNewThreadMutation) => void;
    const handler = jest.fn(() => new Promise<SendMessageInNewThreadMutation>((res) => (resolve = res)));
    const { user, shell } = renderPage({ handlers: { SendMessageInNewThread: handler } });
    await user.type(subject(), 'Aihe');
    await user.type(message(), 'Viesti');
    await user.click(send());
    expect(send()).toHaveAttribute('aria-busy', 'true');
    await user.click(send());
    expect(handler).toHaveBeenCalledTimes(1);
    await act(async () => resolve(created));
    expect(shell.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('new conversation: the recipient links to the healthcare team (spec part 1 §2, part 2 §2.4)', () => {
  // mf-account's team page as the shell composes it on the adult brand (routes.json: brands ['adult'])
  const teamRoute: ComposedRoute = {
    id: 'account.team',
    paths: { fi: 'tyoterveystiimi', sv: 'foretagshalsovardsteamet', en: 'occupational-health-care-team' },
    kind: 'logged-in',
    features: [],
    brands: ['adult'],
    layout: { menu: true, footer: true, fullWidth: false },
    owner: 'mf-account',
  };
  const occupational = { firstName: 'Aino', lastName: 'Korhonen', csrfToken: 'csrf', occupationalHealthcare: true, features: [], actingFor: null };
  const withTeamPage = (patch: Parameters<typeof createFakeShell>[0] = {}) =>
    createFakeShell({ routes: [...routeTable, teamRoute], user: occupational, ...patch });

  test('an occupational customer’s recipient is a link to the team page that navigates in the shell', async () => {
    const { user, shell } = renderPage({ shell: withTeamPage() });
    const link = within(screen.getByRole('definition')).getByRole('link', { name: 'Työterveystiimi' });
    expect(link).toHaveAttribute('href', '/en/occupational-health-care-team');
    await user.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/occupational-health-care-team');
  });

  test('in Finnish the link has the Finnish path', () => {
    renderPage({ shell: withTeamPage({ lang: 'fi' }) });
    expect(screen.getByRole('link', { name: 'Työterveystiimi' })).toHaveAttribute('href', '/fi/tyoterveystiimi');
  });

  test('without occupational health care, or where the team page does not exist (children’s brand), the recipient is plain text', () => {
    const privateCustomer = renderPage({ shell: withTeamPage({ user: { ...occupational, occupationalHealthcare: false } }) });
    expect(screen.getByRole('definition')).toHaveTextContent('Työterveystiimi');
    expect(screen.queryByRole('link', { name: 'Työterveystiimi' })).not.toBeInTheDocument();
    privateCustomer.unmount();
    // the shell leaves out pages of another brand, so the children's brand has no account.team route
    renderPage({ shell: createFakeShell({ user: occupational, brand: 'children' }) });
    expect(screen.getByRole('definition')).toHaveTextContent('Työterveystiimi');
    expect(screen.queryByRole('link', { name: 'Työterveystiimi' })).not.toBeInTheDocument();
  });

  test('with several recipients the radios stay plain and one link leads to the team page', () => {
    renderPage({
      shell: withTeamPage(),
      state: newConversationPageState({
        recipients: [
          { id: 'team-1', name: 'Työterveystiimi' },
          { id: 'team-2', name: 'Lastenklinikka' },
        ],
      }),
    });
    const group = screen.getByRole('group', { name: 'Recipient' });
    expect(within(group).getByRole('radio', { name: 'Työterveystiimi' })).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Your occupational health care team' })).toHaveAttribute(
      'href',
      '/en/occupational-health-care-team',
    );
  });
});

describe('new conversation: page states', () => {
  test('a spinner while the page state loads; an error view with a retry when it fails', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(pageState('messaging.new', newConversationPageState()));
    renderPage({ shell, state: null });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toBeInTheDocument();
  });

  test('maintenance mode shows the offline notice instead of the form', () => {
    renderPage({ state: newConversationPageState({ status: 'maintenance-mode' }) });
    expect(screen.getByRole('heading', { level: 2, name: 'Messaging is currently offline' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
  });

  test('without a messaging user: not available, no form', () => {
    renderPage({ state: newConversationPageState({ customerMessagingUserId: null }) });
    expect(screen.getByText('Sending messages is not available to you.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
  });

  test('without the customer-messaging-allowed feature: not available, no form', () => {
    renderPage({ shell: createFakeShell({ features: ['customer-messaging-enabled'] }) });
    expect(screen.getByText('Sending messages is not available to you.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
  });

  test('without a healthcare team there is no one to write to', () => {
    renderPage({ state: newConversationPageState({ recipients: [] }) });
    expect(screen.getByText('You have no healthcare team to send messages to.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  test('an active announcement shows', () => {
    renderPage({
      state: newConversationPageState({ info: { active: true, heading: 'Vastausajat pidempiä', description: 'Lomakausi.', announcementType: 'info' } }),
    });
    expect(screen.getByRole('heading', { level: 2, name: /Vastausajat pidempiä/ })).toBeInTheDocument();
  });

  test('in Finnish', () => {
    renderPage({ shell: createFakeShell({ lang: 'fi' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Uusi viesti' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Aihe' })).toHaveAccessibleDescription('0 / 70 merkkiä');
    expect(screen.getByRole('link', { name: /Takaisin viesteihin/ })).toHaveAttribute('href', '/fi/viestit');
  });
});
