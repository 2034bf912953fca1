import {
  MESSAGING_POLL_INTERVAL_MS,
  type MessageFieldsFragment,
  type MessagingPageState,
  type MessagingSummary,
  type MessagingThreadsQuery,
  type MessagingThreadsQueryVariables,
} from '@portal/shared-api';

/*
 * Builders of typed GraphQL data for the messaging remote's tests. Every builder takes overrides and
 * is typed with the generated operation types, so a fixture cannot drift from the contract.
 */

/** One thread of the MessagingThreads answer (with its latest message only). */
export type ThreadListItem = MessagingThreadsQuery['messagingThreads']['paginatedThreads'][number];
/** A message as the operations' MessageFields fragment gives it. */
export type Message = MessageFieldsFragment;
export type MessageAuthor = Message['author'];
export type ProfessionalUser = Extract<MessageAuthor, { __typename: 'ProfessionalUser' }>;
export type CustomerUser = Extract<MessageAuthor, { __typename: 'CustomerUser' }>;
export type HrUser = Extract<MessageAuthor, { __typename: 'HrUser' }>;

let nextId = 1000;
/** A fresh numeric id (thread ids are numeric in the portal's paths). */
export function freshId(): string {
  nextId += 1;
  return String(nextId);
}

/** The instant `ms` before now (for relative dates). */
export function agoMs(ms: number, now: number = Date.now()): string {
  return new Date(now - ms).toISOString();
}
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

export function buildProfessional(overrides: Partial<ProfessionalUser> = {}): ProfessionalUser {
  return { __typename: 'ProfessionalUser', id: 'pro-1', firstName: 'Anna', lastName: 'Lääkäri', title: 'Yleislääkäri', ...overrides };
}

export function buildCustomerUser(overrides: Partial<CustomerUser> = {}): CustomerUser {
  return {
    __typename: 'CustomerUser',
    id: 'cust-1',
    firstName: 'Mikko',
    lastName: 'Virtanen',
    title: null,
    emailAddress: null,
    ...overrides,
  };
}

export function buildHrUser(overrides: Partial<HrUser> = {}): HrUser {
  return { __typename: 'HrUser', id: 'hr-1', firstName: 'Helena', lastName: 'Henkilöstö', title: null, companyName: 'Yritys Oy', ...overrides };
}

export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: freshId(),
    created: '2026-05-10T12:00:00.000Z',
    content: 'Hello, your laboratory results are ready.',
    deleted: false,
    deletedBy: null,
    deletedAt: null,
    deletedReason: null,
    author: buildProfessional(),
    attachments: [],
    questionnaireInvitations: [],
    ...overrides,
  };
}

/** A deleted message as the server sends it (the content is gone). */
export function buildDeletedMessage(overrides: Partial<Message> = {}): Message {
  return buildMessage({ content: '', deleted: true, deletedBy: 'pro-1', deletedAt: '2026-05-10T13:00:00.000Z', deletedReason: 'sent by mistake', ...overrides });
}

/**
 * A thread of the list. `latestMessage` sets its latest message (null: a thread without messages);
 * by default one message from a professional.
 */
export function buildThreadListItem(overrides: Partial<ThreadListItem> & { latestMessage?: Message | null } = {}): ThreadListItem {
  const { latestMessage, ...rest } = overrides;
  const id = rest.id ?? freshId();
  const message = latestMessage === undefined ? buildMessage() : latestMessage;
  return {
    id,
    title: `Conversation ${id}`,
    isActive: true,
    created: '2026-05-01T09:00:00.000Z',
    threadType: 'customer',
    isRead: true,
    messages: { totalCount: message ? 1 : 0, paginatedMessages: message ? [message] : [] },
    ...rest,
  };
}

/** `count` threads titled 'Thread 1' … 'Thread n', newest first. */
export function buildThreads(count: number): ThreadListItem[] {
  return Array.from({ length: count }, (_, index) =>
    buildThreadListItem({
      id: String(index + 1),
      title: `Thread ${index + 1}`,
      latestMessage: buildMessage({ content: `Message of thread ${index + 1}`, created: new Date(Date.UTC(2026, 4, 30 - index, 9)).toISOString() }),
    }),
  );
}

/** A MessagingThreads answer with the given threads (or `n` built ones), all on one page. */
export function threadsQuery(threads: number | readonly ThreadListItem[]): MessagingThreadsQuery {
  const list = typeof threads === 'number' ? buildThreads(threads) : [...threads];
  return { messagingThreads: { totalCount: list.length, paginatedThreads: list } };
}

/** A MessagingThreads handler that pages like the server does (limit, offset; totalCount of all). */
export function pagedThreadsHandler(threads: readonly ThreadListItem[]) {
  return (variables: MessagingThreadsQueryVariables): MessagingThreadsQuery => {
    const offset = variables.pagination?.offset ?? 0;
    const limit = variables.pagination?.limit ?? 9999;
    return { messagingThreads: { totalCount: threads.length, paginatedThreads: threads.slice(offset, offset + limit) } };
  };
}

/** The messaging pages' loader state: ok, a messaging user, no announcement, the spec's 120 s polling. */
export function messagingPageState(overrides: Partial<MessagingPageState> = {}): MessagingPageState {
  return {
    status: 'ok',
    customerMessagingUserId: 'cust-1',
    info: { active: false, heading: '', description: '', announcementType: 'info' },
    pollIntervalMs: MESSAGING_POLL_INTERVAL_MS,
    ...overrides,
  };
}

/** The front page's messaging summary: three threads shown of four, one unread. */
export function messagingSummary(overrides: Partial<MessagingSummary> = {}): MessagingSummary {
  return {
    totalCount: 4,
    unreadCount: 1,
    threads: [
      {
        id: '11',
        title: 'Laboratory results',
        isRead: false,
        latestMessageAt: '2026-05-10T12:00:00.000Z',
        latestAuthorName: 'Anna Lääkäri',
        latestByCustomer: false,
        latestDeleted: false,
      },
      {
        id: '12',
        title: 'Sick leave',
        isRead: true,
        latestMessageAt: '2026-05-08T08:00:00.000Z',
        latestAuthorName: 'Mikko Virtanen',
        latestByCustomer: true,
        latestDeleted: false,
      },
      {
        id: '13',
        title: 'Vaccination',
        isRead: true,
        latestMessageAt: '2026-04-20T08:00:00.000Z',
        latestAuthorName: 'Pekka Hoitaja',
        latestByCustomer: false,
        latestDeleted: true,
      },
    ],
    ...overrides,
  };
}
