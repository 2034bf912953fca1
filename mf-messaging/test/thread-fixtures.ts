import type {
  ComposedRoute,
  MessagingThreadForCustomerQuery,
  NewConversationPageState,
  RouteDefinitionInput,
  SendMessageMutation,
} from '@portal/shared-api';
import { hasRouteId, hrefById, type RouteId } from '@portal/shared-i18n';
import { routeTableFor } from '@portal/shared-ui/test-utils';
import { buildCustomerUser, buildProfessional, messagingPageState, type Message } from './fixtures';
import { createFakeShell, routeTable, type FakeShell } from './shell-fake';

/*
 * Builders for the thread and new-conversation pages' tests (typed by the generated operation
 * types, like ./fixtures.ts which holds the builders shared with the list).
 */

export type Thread = MessagingThreadForCustomerQuery['messagingThreadForCustomer'];
export type Assignee = Thread['assignments'][number]['assignee'];
export type Absence = Assignee['absences'][number];

export function buildAbsence(overrides: Partial<Absence> = {}): Absence {
  return {
    absenceeUserId: 'pro-1',
    startDate: '2026-05-01T06:00:00.000Z',
    endDate: '2026-05-31T20:59:59.000Z',
    substituteUserIds: ['pro-2'],
    substitutes: [{ id: 'pro-2', firstName: 'Pekka', lastName: 'Sijainen', title: 'Työterveyshoitaja' }],
    ...overrides,
  };
}

export function buildAssignee(overrides: Partial<Assignee> = {}): Assignee {
  const { __typename: _typename, ...professional } = buildProfessional();
  return { ...professional, absences: [], ...overrides };
}

/** A thread between the customer (cust-1) and Anna Lääkäri (pro-1), open and read, with the given messages. */
export function buildThread(overrides: Partial<Thread> & { messageList?: Message[] } = {}): Thread {
  const { messageList, ...rest } = overrides;
  const messages = messageList ?? [];
  return {
    id: '42',
    title: 'Laboratory results',
    isActive: true,
    created: '2026-05-01T09:00:00.000Z',
    threadType: 'customer',
    isRead: true,
    timestampForProfessionals: null,
    participants: [buildCustomerUser(), buildProfessional()],
    assignments: [{ assignedAt: '2026-05-01T09:00:00.000Z', assignee: buildAssignee() }],
    readStatus: [],
    messages: { totalCount: messages.length, paginatedMessages: messages },
    ...rest,
  };
}

export function threadQuery(thread: Thread): MessagingThreadForCustomerQuery {
  return { messagingThreadForCustomer: thread };
}

export function sendMessageAnswer(message: Message): SendMessageMutation {
  return { sendMessage: { type: 'success', message } };
}

export function newConversationPageState(overrides: Partial<NewConversationPageState> = {}): NewConversationPageState {
  return { ...messagingPageState(), recipients: [{ id: 'team-1', name: 'Työterveystiimi' }], ...overrides };
}

/** mf-records' questionnaire pages as the composed route table would carry them. */
const recordsRoutes: RouteDefinitionInput[] = [
  { id: 'records.questionnaires', paths: { fi: 'kyselyt', sv: 'rundfraga', en: 'questionnaires' }, kind: 'logged-in' },
  {
    id: 'records.questionnaire',
    paths: { fi: 'kysely/:id', sv: 'enkat/:id', en: 'questionnaire/:id' },
    params: { id: '[0-9]{1,12}' },
    kind: 'logged-in',
  },
];

/**
 * A fake shell whose route table also has the given records routes (the questionnaire page may not
 * exist yet: tests choose which ones do).
 */
export function createShellWithRecordsRoutes(ids: ReadonlyArray<'records.questionnaires' | 'records.questionnaire'>, lang: FakeShell['lang'] = 'en'): FakeShell {
  const table: ComposedRoute[] = [...routeTable, ...routeTableFor('mf-records', recordsRoutes.filter((route) => ids.includes(route.id as (typeof ids)[number]))).slice(1)];
  return createFakeShell({
    lang,
    routes: table,
    href: (routeId, params, hrefLang) => hrefById(table, routeId, hrefLang ?? lang, params),
    hasRoute: (routeId): routeId is RouteId => hasRouteId(table, routeId),
  });
}

/** jsdom has no matchMedia: a fake answering `prefers-reduced-motion: reduce` as given. */
export function mockReducedMotion(reduce: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
