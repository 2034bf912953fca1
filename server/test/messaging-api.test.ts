import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, like } from 'drizzle-orm';
import {
  AnswerQuestionnaireDocument,
  AttachmentDownloadUrlDocument,
  CreateAttachmentUploadDocument,
  MarkAsReadDocument,
  MessagingThreadForCustomerDocument,
  MessagingThreadsDocument,
  SendMessageDocument,
  SendMessageInNewThreadDocument,
  messagingPageStateSchema,
  newConversationPageStateSchema,
  messagingSummarySchema,
  pageStateSchema,
  type MessagingThreadForCustomerQuery,
  type MessagingThreadsQuery,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { messagingSummary } from '../src/modules/messaging/summary';
import { messagingMessages } from '../src/modules/messaging/schema';
import { questionnaireInvitations } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The messaging GraphQL endpoint over HTTP against the seeded demo world: every operation, who sees
 * what, the errors the client reads, the page loaders, the summary and the staff API for testers.
 */

const STAFF_TOKEN = 'test-staff-token-0123456789';

interface GqlError {
  message: string;
  extensions?: { code?: string; details?: { path: string; message: string }[] };
}
interface GqlAnswer<T> {
  status: number;
  headers: Record<string, unknown>;
  data: T | null | undefined;
  errors: GqlError[] | undefined;
  body: string;
}

/** Builds an app with extra environment (the messaging variables are part of the server's configuration). */
async function appWithEnv(env: Record<string, string>, configEnv: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ ...configEnv, ...env });
}

async function gql<T>(t: TestApp, caller: SignedInCaller, document: { toString(): string }, variables: object = {}): Promise<GqlAnswer<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customer-messaging?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
    headers: { ...caller.headers, accept: 'application/graphql-response+json, application/json' },
    payload: { query: document.toString(), variables },
  });
  const body = res.json() as { data?: T | null; errors?: GqlError[] };
  return { status: res.statusCode, headers: res.headers, data: body.data, errors: body.errors, body: res.body };
}

function ok<T>(answer: GqlAnswer<T>): T {
  assert.equal(answer.errors, undefined, answer.body);
  assert.ok(answer.data, answer.body);
  return answer.data;
}

function failsWith(answer: GqlAnswer<unknown>, code: string): GqlError {
  const error = answer.errors?.[0];
  assert.ok(error, `expected ${code}, got ${answer.body}`);
  assert.equal(error.extensions?.code, code, answer.body);
  assert.doesNotMatch(answer.body, /\bat .+\.(ts|js):\d+/, 'no stack trace');
  return error;
}

function paths(error: GqlError): string[] {
  return (error.extensions?.details ?? []).map((d) => d.path);
}

type ListedThread = MessagingThreadsQuery['messagingThreads']['paginatedThreads'][number];
type Thread = MessagingThreadForCustomerQuery['messagingThreadForCustomer'];

async function listThreads(t: TestApp, caller: SignedInCaller, pagination?: { limit?: number; offset?: number }) {
  return ok(await gql<MessagingThreadsQuery>(t, caller, MessagingThreadsDocument, pagination ? { pagination } : {})).messagingThreads;
}

async function threadByTitle(t: TestApp, caller: SignedInCaller, title: string): Promise<ListedThread> {
  const found = (await listThreads(t, caller)).paginatedThreads.find((thread) => thread.title === title);
  assert.ok(found, `thread '${title}'`);
  return found;
}

async function loadThread(t: TestApp, caller: SignedInCaller, id: string): Promise<Thread> {
  return ok(await gql<MessagingThreadForCustomerQuery>(t, caller, MessagingThreadForCustomerDocument, { id })).messagingThreadForCustomer;
}

async function auditActions(t: TestApp, subjectPersonId: string) {
  return t.app.db
    .select({ action: auditLog.action, actor: auditLog.actorPersonId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.subjectPersonId, subjectPersonId), like(auditLog.action, 'messaging.%')));
}

function staff(t: TestApp, method: 'GET' | 'POST', url: string, payload?: object, token = STAFF_TOKEN) {
  return t.app.inject({
    method,
    url: `/api/staff/messaging${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function professionalId(t: TestApp, name: string): Promise<string> {
  const res = await staff(t, 'GET', '/professionals');
  assert.equal(res.statusCode, 200, res.body);
  const found = (res.json() as { professionals: { id: number; name: string }[] }).professionals.find((p) => p.name === name);
  assert.ok(found, name);
  return String(found.id);
}

let t: TestApp;
before(async () => {
  t = await appWithEnv({ STAFF_API_TOKEN: STAFF_TOKEN });
});
after(async () => t?.close());

describe('POST /api/customer-messaging: session and CSRF', () => {
  it('answers 401 Unauthorized without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/customer-messaging', payload: { query: MessagingThreadsDocument.toString() } });
    assert.equal(res.statusCode, 401);
    assert.equal((res.json() as { type: string }).type, 'Unauthorized');
  });

  it('answers 403 CsrfTokenInvalid without the csrfToken or with a wrong one', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const url of ['/api/customer-messaging', '/api/customer-messaging?csrfToken=wrong']) {
      const res = await t.app.inject({ method: 'POST', url, headers: mikko.headers, payload: { query: MessagingThreadsDocument.toString() } });
      assert.equal(res.statusCode, 403, url);
      assert.equal((res.json() as { type: string }).type, 'CsrfTokenInvalid');
    }
  });

  it('answers only POST', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ method: 'GET', url: `/api/customer-messaging?csrfToken=${mikko.csrfToken}&query={messagingThreads{totalCount}}`, headers: mikko.headers });
    assert.equal(res.statusCode, 404);
  });

  it('carries x-session-expires and is never cached', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const answer = await gql(t, mikko, MessagingThreadsDocument);
    assert.equal(answer.status, 200);
    assert.ok(typeof answer.headers['x-session-expires'] === 'string' && !Number.isNaN(Date.parse(answer.headers['x-session-expires'])));
    assert.equal(answer.headers['cache-control'], 'no-store');
  });
});

// Most requests skip yoga's Fetch-API layer (graphql-http.ts); a `q` parameter in accept sends the
// same request the whole way through yoga. Both must give the same answer, whatever the request.
describe('POST /api/customer-messaging: answers as yoga itself would', () => {
  const cases: [string, unknown][] = [
    ['the list', { query: MessagingThreadsDocument.toString(), variables: { pagination: { limit: 2 } } }],
    ['a document that does not parse', { query: 'query { messagingThreads {' }],
    ['an unknown field', { query: 'query { messagingThreads { nonsense } }' }],
    ['a variable of the wrong type', { query: MessagingThreadsDocument.toString(), variables: { pagination: { limit: 'ten' } } }],
    ['no query', { variables: {} }],
    ['a query that is not a string', { query: 42 }],
    ['an unknown operation name', { query: MessagingThreadsDocument.toString(), operationName: 'Nope' }],
    ['a document too deep', { query: 'query { messagingThreads { paginatedThreads { messages { paginatedMessages { author { ... on ProfessionalUser { absences { substitutes { absences { substitutes { absences { substitutes { id } } } } } } } } } } } } } }' }],
    ['an input the resolver refuses', { query: MessagingThreadsDocument.toString(), variables: { pagination: { limit: 10_000 } } }],
    ['a thread that is not there', { query: MessagingThreadForCustomerDocument.toString(), variables: { id: '999999' } }],
    ['a batch', [{ query: '{ __typename }' }]],
  ];
  for (const mediaType of ['application/graphql-response+json', 'application/json']) {
    for (const [name, payload] of cases) {
      it(`${name} (${mediaType})`, async () => {
        const mikko = await signIn(t.app, PERSONAS.mikko);
        const send = (accept: string) =>
          t.app.inject({
            method: 'POST',
            url: `/api/customer-messaging?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
            headers: { ...mikko.headers, accept, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
        const direct = await send(mediaType);
        const throughYoga = await send(`${mediaType};q=1`);
        assert.equal(direct.statusCode, throughYoga.statusCode, direct.body);
        assert.equal(direct.headers['content-type'], throughYoga.headers['content-type']);
        assert.deepEqual(direct.json(), throughYoga.json());
      });
    }
  }
});

describe('messagingThreads', () => {
  it("lists Mikko's 12 threads newest activity first, each with only its latest message", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const list = await listThreads(t, mikko);
    assert.equal(list.totalCount, 12);
    assert.equal(list.paginatedThreads.length, 12);
    const latest = list.paginatedThreads.map((thread) => {
      assert.equal(thread.messages.paginatedMessages.length, 1, thread.title);
      assert.ok(thread.messages.totalCount >= 1);
      return Date.parse(thread.messages.paginatedMessages[0]!.created);
    });
    assert.deepEqual(latest, [...latest].sort((a, b) => b - a), 'newest first');
    const unread = list.paginatedThreads.filter((thread) => !thread.isRead).map((thread) => thread.title).sort();
    assert.deepEqual(unread, ['Allergiaoireet', 'Hyvinvointikysely', 'Kilpirauhasarvot']);
    const closed = list.paginatedThreads.filter((thread) => !thread.isActive).map((thread) => thread.title);
    assert.deepEqual(closed, ['Reseptin uusinta: Thyroxin']);
    const multi = list.paginatedThreads.find((thread) => thread.title === 'Kysymys laboratoriotuloksista')!;
    assert.equal(multi.messages.totalCount, 3);
    assert.equal(multi.messages.paginatedMessages[0]!.author.__typename, 'CustomerUser');
  });

  it('pages with limit and offset (two pages of ten)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const all = await listThreads(t, mikko);
    const second = await listThreads(t, mikko, { limit: 10, offset: 10 });
    assert.equal(second.totalCount, 12);
    assert.deepEqual(second.paginatedThreads.map((th) => th.id), all.paginatedThreads.slice(10).map((th) => th.id));
    const beyond = await listThreads(t, mikko, { limit: 10, offset: 20 });
    assert.deepEqual([beyond.totalCount, beyond.paginatedThreads.length], [12, 0]);
    const none = await listThreads(t, mikko, { limit: 0 });
    assert.deepEqual([none.totalCount, none.paginatedThreads.length], [12, 0]);
    const bad = await gql(t, mikko, MessagingThreadsDocument, { pagination: { limit: 10_000 } });
    assert.deepEqual(paths(failsWith(bad, 'BAD_USER_INPUT')), ['pagination.limit']);
  });

  it('answers lists asked for at the same moment each with its own customer and page (one statement serves them all)', async () => {
    const [mikko, aino, jukka, leena] = await Promise.all([
      signIn(t.app, PERSONAS.mikko),
      signIn(t.app, PERSONAS.aino),
      signIn(t.app, PERSONAS.jukka),
      signIn(t.app, PERSONAS.leena, PERSONAS.ella),
    ]);
    // one after another: what each would get alone
    const alone = {
      mikko: await listThreads(t, mikko),
      mikkoSecond: await listThreads(t, mikko, { limit: 10, offset: 10 }),
      aino: await listThreads(t, aino, { limit: 2 }),
      ella: await listThreads(t, leena),
    };
    const together = await Promise.all([
      listThreads(t, mikko, { limit: 10, offset: 10 }),
      listThreads(t, aino, { limit: 2 }),
      listThreads(t, jukka),
      listThreads(t, mikko),
      listThreads(t, leena),
      listThreads(t, mikko, { limit: 10, offset: 20 }),
      listThreads(t, aino, { limit: 0 }),
    ]);
    assert.deepEqual(together[0], alone.mikkoSecond);
    assert.deepEqual(together[1], alone.aino);
    assert.deepEqual(together[2], { totalCount: 0, paginatedThreads: [] });
    assert.deepEqual(together[3], alone.mikko);
    assert.deepEqual(together[4], alone.ella);
    assert.deepEqual(together[5], { totalCount: 12, paginatedThreads: [] });
    assert.deepEqual(together[6], { totalCount: alone.aino.totalCount, paginatedThreads: [] });
    assert.equal(alone.aino.paginatedThreads.length, 2);
    assert.ok(alone.ella.totalCount > 0, "Ella's threads, read by Leena");
    assert.notDeepEqual(alone.ella.paginatedThreads.map((th) => th.id), alone.mikko.paginatedThreads.map((th) => th.id));
  });

  it('writes an audit row for the read', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    await listThreads(t, mikko);
    const actions = await auditActions(t, mikko.personId);
    assert.ok(actions.some((a) => a.action === 'messaging.threads' && a.actor === mikko.personId));
  });

  it('Jukka has a messaging user and no threads: an empty list', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    assert.deepEqual(await listThreads(t, jukka), { totalCount: 0, paginatedThreads: [] });
  });

  it('Pekka has no messaging user: FEATURE_DISABLED', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    failsWith(await gql(t, pekka, MessagingThreadsDocument), 'FEATURE_DISABLED');
  });

  it("a guardian acting for the child sees the child's thread, not her own; on her own she sees hers", async () => {
    const forElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const ellas = await listThreads(t, forElla);
    assert.deepEqual(ellas.paginatedThreads.map((th) => th.title), ['Korvatulehduksen jälkitarkastus']);
    const leena = await signIn(t.app, PERSONAS.leena);
    const own = await listThreads(t, leena);
    assert.deepEqual(own.paginatedThreads.map((th) => th.title), ['Gynekologinen kontrolli']);
    failsWith(await gql(t, forElla, MessagingThreadForCustomerDocument, { id: own.paginatedThreads[0]!.id }), 'NOT_FOUND');
    const ella = await personIdOf(t.app, PERSONAS.ella);
    const actions = await auditActions(t, ella);
    assert.ok(actions.some((a) => a.action === 'messaging.threads' && a.actor === leena.personId), 'audited as Leena reading Ella');
  });
});

describe('messagingThreadForCustomer', () => {
  it('answers the whole thread: participants, the current assignment with absences, read status, messages oldest first', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const { id } = await threadByTitle(t, mikko, 'Kurkkukipu');
    const thread = await loadThread(t, mikko, id);
    assert.equal(thread.title, 'Kurkkukipu');
    assert.deepEqual(
      thread.participants.map((p) => [p.__typename, p.firstName]),
      [
        ['CustomerUser', 'Mikko'],
        ['ProfessionalUser', 'Terveystiimi'],
      ],
    );
    const customer = thread.participants[0]!;
    assert.equal(customer.__typename === 'CustomerUser' ? customer.emailAddress : null, 'mikko.virtanen@example.fi');
    assert.equal(thread.assignments.length, 1);
    const assignee = thread.assignments[0]!.assignee;
    assert.equal(assignee.lastName, 'Lahtinen');
    const absence = assignee.absences[0];
    assert.ok(absence, 'the assignee is absent now');
    assert.ok(Date.parse(absence.startDate) < Date.now() && Date.parse(absence.endDate) > Date.now());
    assert.deepEqual(absence.substitutes.map((s) => s.lastName), ['Turunen']);
    assert.deepEqual(absence.substituteUserIds, absence.substitutes.map((s) => s.id));
    assert.equal(absence.absenceeUserId, assignee.id);
    assert.ok(thread.readStatus.some((r) => r.readBy === customer.id));
    assert.equal(thread.isRead, true);
  });

  it('shows a deleted message without content, with who deleted it, when and why', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const thread = await loadThread(t, mikko, (await threadByTitle(t, mikko, 'Todistus kuntosalille')).id);
    const created = thread.messages.paginatedMessages.map((m) => Date.parse(m.created));
    assert.deepEqual(created, [...created].sort((a, b) => a - b), 'oldest first');
    const deleted = thread.messages.paginatedMessages.filter((m) => m.deleted);
    assert.equal(deleted.length, 1);
    assert.equal(deleted[0]!.content, '');
    assert.ok(deleted[0]!.deletedAt && deleted[0]!.deletedBy && deleted[0]!.deletedReason);
    assert.equal(deleted[0]!.deletedBy, deleted[0]!.author.id);
    assert.doesNotMatch(JSON.stringify(thread), /toisen potilaan/);
  });

  it("shows a questionnaire invitation with its questionnaire's id and title", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const thread = await loadThread(t, mikko, (await threadByTitle(t, mikko, 'Hyvinvointikysely')).id);
    const invitation = thread.messages.paginatedMessages[0]!.questionnaireInvitations[0];
    assert.ok(invitation);
    assert.deepEqual(invitation.questionnaire, { id: 'wellbeing-v1', title: 'Hyvinvointikysely' });
    assert.equal(invitation.answeredAt, null);
  });

  it("answers NOT_FOUND for another patient's thread, a non-numeric id and a missing one; the read is audited", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const ainos = (await listThreads(t, aino)).paginatedThreads[0]!.id;
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const id of [ainos, 'abc', '-1', '999999', '1e3']) {
      failsWith(await gql(t, mikko, MessagingThreadForCustomerDocument, { id }), 'NOT_FOUND');
    }
    const actions = await auditActions(t, mikko.personId);
    assert.ok(actions.some((a) => a.action === 'messaging.thread' && (a.details as { threadId?: number } | null)?.threadId === Number(ainos)));
  });
});

describe('sendMessageInNewThread', () => {
  it('creates a thread to the healthcare team and answers its link in the asked language', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const team = await professionalId(t, 'Terveystiimi');
    const answer = ok(
      await gql<{ sendMessageInNewThread: { threadId: string; url: string }[] }>(t, mikko, SendMessageInNewThreadDocument, {
        title: '  Uusi kysymys  ',
        type: 'customer',
        participantIds: [team],
        firstMessage: { content: 'Hei, kysyisin yhtä asiaa.', attachments: [], questionnaireInvitations: [] },
        lang: 'sv',
      }),
    ).sendMessageInNewThread;
    assert.equal(answer.length, 1);
    assert.equal(answer[0]!.url, `/sv/meddelanden/${answer[0]!.threadId}`);
    const list = await listThreads(t, mikko);
    assert.equal(list.paginatedThreads[0]!.id, answer[0]!.threadId, 'newest activity first');
    assert.equal(list.paginatedThreads[0]!.title, 'Uusi kysymys');
    assert.equal(list.paginatedThreads[0]!.isRead, true, "the writer's own message does not make it unread");
    const thread = await loadThread(t, mikko, answer[0]!.threadId);
    assert.deepEqual(thread.participants.map((p) => p.firstName), ['Mikko', 'Terveystiimi']);
    assert.equal(thread.threadType, 'customer');

    const fi = ok(
      await gql<{ sendMessageInNewThread: { threadId: string; url: string }[] }>(t, mikko, SendMessageInNewThreadDocument, {
        title: 'Toinen',
        type: 'customer',
        participantIds: [team],
        firstMessage: { content: 'Moi' },
      }),
    ).sendMessageInNewThread;
    assert.equal(fi[0]!.url, `/fi/viestit/${fi[0]!.threadId}`);
  });

  it('answers BAD_USER_INPUT with field paths and creates nothing', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const team = await professionalId(t, 'Terveystiimi');
    const lahtinen = await professionalId(t, 'Anna Lahtinen');
    const before = (await listThreads(t, aino)).totalCount;
    const send = (variables: object) =>
      gql(t, aino, SendMessageInNewThreadDocument, { title: 'Aihe', type: 'customer', participantIds: [team], firstMessage: { content: 'Hei' }, ...variables });
    assert.deepEqual(paths(failsWith(await send({ title: 'x'.repeat(71) }), 'BAD_USER_INPUT')), ['title']);
    assert.deepEqual(paths(failsWith(await send({ title: '   ' }), 'BAD_USER_INPUT')), ['title']);
    assert.deepEqual(paths(failsWith(await send({ firstMessage: { content: ' \n ' } }), 'BAD_USER_INPUT')), ['firstMessage.content']);
    assert.deepEqual(paths(failsWith(await send({ participantIds: ['999999'] }), 'BAD_USER_INPUT')), ['participantIds.0']);
    // a professional is not someone a customer starts a conversation with; only the team is
    assert.deepEqual(paths(failsWith(await send({ participantIds: [team, lahtinen] }), 'BAD_USER_INPUT')), ['participantIds.1']);
    assert.deepEqual(paths(failsWith(await send({ participantIds: [] }), 'BAD_USER_INPUT')), ['participantIds']);
    assert.deepEqual(paths(failsWith(await send({ type: 'hr' }), 'BAD_USER_INPUT')), ['type']);
    assert.deepEqual(
      paths(failsWith(await send({ firstMessage: { content: 'Hei', questionnaireInvitations: ['1'] } }), 'BAD_USER_INPUT')),
      ['firstMessage.questionnaireInvitations'],
    );
    assert.deepEqual(
      paths(failsWith(await send({ title: 'x'.repeat(71), firstMessage: { content: '' } }), 'BAD_USER_INPUT')).sort(),
      ['firstMessage.content', 'title'],
    );
    // a shape the schema refuses is the client's mistake too, never INTERNAL
    failsWith(await send({ type: 'nonsense' }), 'BAD_USER_INPUT');
    failsWith(await send({ firstMessage: null }), 'BAD_USER_INPUT');
    assert.equal((await listThreads(t, aino)).totalCount, before);
  });
});

describe('sendMessage', () => {
  it('takes the customer message even in a closed thread', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const closed = await threadByTitle(t, mikko, 'Reseptin uusinta: Thyroxin');
    assert.equal(closed.isActive, false);
    const countBefore = (await loadThread(t, mikko, closed.id)).messages.totalCount;
    const sent = ok(
      await gql<{ sendMessage: { type: string; message: { content: string; author: { __typename: string }; deleted: boolean } } }>(
        t,
        mikko,
        SendMessageDocument,
        { threadId: closed.id, message: { content: '  Vielä yksi kysymys.  ', attachments: [], questionnaireInvitations: [] } },
      ),
    ).sendMessage;
    assert.equal(sent.type, 'success');
    assert.equal(sent.message.content, 'Vielä yksi kysymys.');
    assert.equal(sent.message.author.__typename, 'CustomerUser');
    const thread = await loadThread(t, mikko, closed.id);
    assert.equal(thread.isActive, false, 'still closed');
    assert.equal(thread.messages.paginatedMessages.at(-1)!.content, 'Vielä yksi kysymys.');
    assert.equal(thread.messages.totalCount, countBefore + 1, "the thread's count (kept with the message)");
    assert.equal(thread.messages.paginatedMessages.length, thread.messages.totalCount);
    assert.equal((await threadByTitle(t, mikko, 'Reseptin uusinta: Thyroxin')).messages.totalCount, countBefore + 1, "the list's count");
    assert.equal(thread.isRead, true);
    assert.ok((await auditActions(t, mikko.personId)).some((a) => a.action === 'messaging.send-message'));
  });

  it("answers BAD_USER_INPUT for an empty message and NOT_FOUND for another patient's thread", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const aino = await signIn(t.app, PERSONAS.aino);
    const mine = (await listThreads(t, mikko)).paginatedThreads[0]!.id;
    const ainos = (await listThreads(t, aino)).paginatedThreads[0]!.id;
    assert.deepEqual(paths(failsWith(await gql(t, mikko, SendMessageDocument, { threadId: mine, message: { content: '   ' } }), 'BAD_USER_INPUT')), [
      'message.content',
    ]);
    failsWith(await gql(t, mikko, SendMessageDocument, { threadId: ainos, message: { content: 'Hei' } }), 'NOT_FOUND');
    failsWith(await gql(t, mikko, SendMessageDocument, { threadId: 'x', message: { content: 'Hei' } }), 'NOT_FOUND');
  });

  it('sends an uploaded file: linked in the same transaction, downloadable by its customer only', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const thread = await threadByTitle(t, mikko, 'Selkäkipu');
    const ticket = ok(await gql<{ createAttachmentUpload: { key: string; url: string; expiresAt: string } }>(t, mikko, CreateAttachmentUploadDocument))
      .createAttachmentUpload;
    assert.ok(Date.parse(ticket.expiresAt) > Date.now());
    const put = await t.app.inject({
      method: 'PUT',
      url: `${ticket.url}&csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
      headers: { ...mikko.headers, 'content-type': 'text/plain' },
      payload: 'Kipupäiväkirja: maanantai 3/10',
    });
    assert.equal(put.statusCode, 200, put.body);

    const sent = ok(
      await gql<{ sendMessage: { message: { id: string; attachments: { id: string; fileName: string; contentType: string }[] } } }>(t, mikko, SendMessageDocument, {
        threadId: thread.id,
        message: { content: '', attachments: [{ key: ticket.key, fileName: 'kipupaivakirja.txt', contentType: 'text/plain' }] },
      }),
    ).sendMessage.message;
    assert.equal(sent.attachments.length, 1);
    assert.deepEqual({ ...sent.attachments[0], id: undefined }, { id: undefined, fileName: 'kipupaivakirja.txt', contentType: 'text/plain' });
    const full = await loadThread(t, mikko, thread.id);
    assert.equal(full.messages.paginatedMessages.at(-1)!.attachments[0]!.id, sent.attachments[0]!.id);

    const url = ok(await gql<{ attachmentDownloadUrl: string }>(t, mikko, AttachmentDownloadUrlDocument, { id: sent.attachments[0]!.id })).attachmentDownloadUrl;
    const download = await t.app.inject({ method: 'GET', url });
    assert.equal(download.statusCode, 200);
    assert.equal(download.body, 'Kipupäiväkirja: maanantai 3/10');
    assert.ok((await auditActions(t, mikko.personId)).some((a) => a.action === 'messaging.attachment-download'));

    const aino = await signIn(t.app, PERSONAS.aino);
    for (const id of [sent.attachments[0]!.id, 'abc', '999999']) {
      failsWith(await gql(t, aino, AttachmentDownloadUrlDocument, { id }), 'NOT_FOUND');
    }
  });

  it('a refused attachment leaves no message behind', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const thread = await threadByTitle(t, mikko, 'Unettomuus');
    const count = async () => (await t.app.db.select({ id: messagingMessages.id }).from(messagingMessages).where(eq(messagingMessages.threadId, Number(thread.id)))).length;
    const before = await count();
    const answer = await gql(t, mikko, SendMessageDocument, {
      threadId: thread.id,
      message: { content: 'Liitteenä unipäiväkirja', attachments: [{ key: 'A'.repeat(32), fileName: 'uni.pdf', contentType: 'application/pdf' }] },
    });
    assert.deepEqual(paths(failsWith(answer, 'BAD_USER_INPUT')), ['message.attachments.0']);
    assert.equal(await count(), before);
  });
});

describe('markAsRead and professional replies', () => {
  it('marks an unread thread read; a professional reply through the staff API makes it unread again', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const thread = await threadByTitle(t, mikko, 'Kilpirauhasarvot');
    assert.equal(thread.isRead, false);
    const marked = ok(
      await gql<{ markAsRead: { type: string; thread: { id: string; isRead: boolean; readStatus: { readBy: string; readAt: string }[] } } }>(
        t,
        mikko,
        MarkAsReadDocument,
        { threadId: thread.id },
      ),
    ).markAsRead;
    assert.equal(marked.type, 'success');
    assert.equal(marked.thread.isRead, true);
    assert.equal((await threadByTitle(t, mikko, 'Kilpirauhasarvot')).isRead, true);

    const rantanen = await professionalId(t, 'Pertti Rantanen');
    const countBefore = (await threadByTitle(t, mikko, 'Kilpirauhasarvot')).messages.totalCount;
    const reply = await staff(t, 'POST', `/threads/${thread.id}/replies`, { professionalUserId: Number(rantanen), content: 'Muistakaa kontrolli.' });
    assert.equal(reply.statusCode, 201, reply.body);
    const after = await threadByTitle(t, mikko, 'Kilpirauhasarvot');
    assert.equal(after.isRead, false);
    assert.equal(after.messages.totalCount, countBefore + 1, "a professional's reply counts too");
    assert.equal(after.messages.paginatedMessages[0]!.content, 'Muistakaa kontrolli.');
    assert.equal(after.messages.paginatedMessages[0]!.author.__typename, 'ProfessionalUser');
    failsWith(await gql(t, mikko, MarkAsReadDocument, { threadId: '999999' }), 'NOT_FOUND');
  });
});

describe('answerQuestionnaire', () => {
  it("stores the subject's answers once; anyone else's invitation is NOT_FOUND; bad answers are BAD_USER_INPUT", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const thread = await loadThread(t, mikko, (await threadByTitle(t, mikko, 'Hyvinvointikysely')).id);
    const invitationId = thread.messages.paginatedMessages[0]!.questionnaireInvitations[0]!.id;
    const answers = JSON.stringify({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'mood', answer: [{ valueInteger: 2 }] }] });

    const aino = await signIn(t.app, PERSONAS.aino);
    failsWith(await gql(t, aino, AnswerQuestionnaireDocument, { questionnaireInvitationId: invitationId, answers }), 'NOT_FOUND');
    const bad = await gql(t, mikko, AnswerQuestionnaireDocument, { questionnaireInvitationId: invitationId, answers: '{"resourceType":"Patient"}' });
    assert.deepEqual(paths(failsWith(bad, 'BAD_USER_INPUT')), ['answers']);

    const answered = ok(
      await gql<{ answerQuestionnaire: { type: string; invitation: { id: string; answeredAt: string | null } } }>(t, mikko, AnswerQuestionnaireDocument, {
        questionnaireInvitationId: invitationId,
        answers,
      }),
    ).answerQuestionnaire;
    assert.equal(answered.type, 'success');
    assert.equal(answered.invitation.id, invitationId);
    assert.ok(answered.invitation.answeredAt);
    const [stored] = await t.app.db.select().from(questionnaireInvitations).where(eq(questionnaireInvitations.id, Number(invitationId)));
    assert.deepEqual((stored!.answers as { item: unknown[] }).item, [{ linkId: 'mood', answer: [{ valueInteger: 2 }] }]);

    const again = await gql(t, mikko, AnswerQuestionnaireDocument, { questionnaireInvitationId: invitationId, answers });
    assert.deepEqual(paths(failsWith(again, 'BAD_USER_INPUT')), ['questionnaireInvitationId']);
    const after = await loadThread(t, mikko, thread.id);
    assert.ok(after.messages.paginatedMessages[0]!.questionnaireInvitations[0]!.answeredAt);
  });
});

describe('query limits', () => {
  it('refuses a too deep query as TOO_COMPLEX', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const deep = `query { messagingThreads { paginatedThreads { messages { paginatedMessages { author { ... on ProfessionalUser {
      absences { substitutes { absences { substitutes { absences { substitutes { id } } } } } } } } } } } } }`;
    failsWith(await gql(t, mikko, deep), 'TOO_COMPLEX');
  });

  it('refuses too many aliases and too costly documents as TOO_COMPLEX', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const aliases = `query { ${Array.from({ length: 8 }, (_, i) => `a${i}: messagingThreads { totalCount }`).join(' ')} }`;
    failsWith(await gql(t, mikko, aliases), 'TOO_COMPLEX');
    // Three copies of the list's own selection: each alone passes, together they cost too much.
    const document = MessagingThreadsDocument.toString();
    const fragments = document.slice(document.indexOf('fragment '));
    const threads = 'paginatedThreads { id title isRead messages(pagination: { limit: 1 }, sort: desc) { totalCount paginatedMessages { ...MessageFields } } }';
    const costly = `query Costly { a: messagingThreads { ${threads} } b: messagingThreads { ${threads} } c: messagingThreads { ${threads} } } ${fragments}`;
    failsWith(await gql(t, mikko, costly), 'TOO_COMPLEX');
  });

  it('answers an unknown field as BAD_USER_INPUT without suggesting field names', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const answer = await gql(t, mikko, 'query { messagingThread { id } }');
    failsWith(answer, 'BAD_USER_INPUT');
    assert.doesNotMatch(answer.body, /Did you mean/);
  });
});

describe('messaging page loaders', () => {
  async function page(caller: SignedInCaller, routeId: string, query = 'lang=fi') {
    const res = await t.app.inject({ url: `/api/pages/${routeId}?${query}`, headers: caller.headers });
    assert.equal(res.statusCode, 200, res.body);
    return pageStateSchema.parse(res.json()).state;
  }

  it('conversations and thread: ok, the customer messaging user, no announcement, the poll interval', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const [routeId, query] of [
      ['messaging.conversations', 'lang=fi'],
      ['messaging.thread', 'lang=en&id=1'],
    ] as const) {
      const state = messagingPageStateSchema.parse(await page(mikko, routeId, query));
      assert.equal(state.status, 'ok');
      assert.match(state.customerMessagingUserId ?? '', /^\d+$/);
      assert.equal(state.info.active, false);
      assert.equal(state.pollIntervalMs, 120_000);
    }
    assert.ok((await auditActions(t, mikko.personId)).some((a) => a.action === 'messaging.conversations'));
  });

  it('new conversation: the healthcare team as the recipient, named in the page language', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const team = await professionalId(t, 'Terveystiimi');
    const fi = newConversationPageStateSchema.parse(await page(mikko, 'messaging.new', 'lang=fi'));
    assert.deepEqual(fi.recipients, [{ id: team, name: 'Terveystiimi' }]);
    const en = newConversationPageStateSchema.parse(await page(mikko, 'messaging.new', 'lang=en'));
    assert.deepEqual(en.recipients, [{ id: team, name: 'Healthcare team' }]);
  });

  it('a person without a messaging user gets no messaging user id and no recipients', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    const state = newConversationPageStateSchema.parse(await page(pekka, 'messaging.new'));
    assert.equal(state.customerMessagingUserId, null);
    assert.deepEqual(state.recipients, []);
  });
});

describe('messagingSummary', () => {
  it('the newest three threads, how many there are and how many unread', async () => {
    const aino = await personIdOf(t.app, PERSONAS.aino);
    const summary = messagingSummarySchema.parse(await messagingSummary(t.app.db, aino));
    assert.equal(summary.totalCount, 2);
    assert.equal(summary.unreadCount, 1);
    assert.deepEqual(summary.threads.map((th) => [th.title, th.isRead, th.latestByCustomer]), [
      ['Rokotustodistus', false, false],
      ['Työkykyarvio', true, false],
    ]);
    assert.equal(summary.threads[0]!.latestAuthorName, 'Tiina Mattila');
    const pekka = await personIdOf(t.app, PERSONAS.pekka);
    assert.deepEqual(await messagingSummary(t.app.db, pekka), { totalCount: 0, unreadCount: 0, threads: [] });
  });
});

describe('staff API', () => {
  it('refuses a missing or wrong token with 401', async () => {
    assert.equal((await staff(t, 'GET', '/professionals', undefined, 'wrong-token-wrong-token')).statusCode, 401);
    const none = await t.app.inject({ method: 'GET', url: '/api/staff/messaging/professionals' });
    assert.equal(none.statusCode, 401);
    assert.equal((none.json() as { type: string }).type, 'Unauthorized');
  });

  it("lists professionals and a customer's threads by identity code", async () => {
    const res = await staff(t, 'GET', `/threads?identityCode=${PERSONAS.aino}`);
    assert.equal(res.statusCode, 200);
    const threads = (res.json() as { threads: { title: string; messageCount: number }[] }).threads;
    assert.deepEqual(threads.map((th) => th.title).sort(), ['Rokotustodistus', 'Työkykyarvio']);
  });

  it('closes, reopens and deletes; the customer sees the deletion', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const thread = await threadByTitle(t, aino, 'Työkykyarvio');
    assert.equal((await staff(t, 'POST', `/threads/${thread.id}/close`)).statusCode, 200);
    assert.equal((await threadByTitle(t, aino, 'Työkykyarvio')).isActive, false);
    assert.equal((await staff(t, 'POST', `/threads/${thread.id}/reopen`)).statusCode, 200);
    assert.equal((await threadByTitle(t, aino, 'Työkykyarvio')).isActive, true);

    const koskinen = await professionalId(t, 'Sari Koskinen');
    const messageId = thread.messages.paginatedMessages[0]!.id;
    const del = await staff(t, 'POST', `/messages/${messageId}/delete`, { deletedByUserId: Number(koskinen), reason: 'Väärä potilas' });
    assert.equal(del.statusCode, 200, del.body);
    const latest = (await threadByTitle(t, aino, 'Työkykyarvio')).messages.paginatedMessages[0]!;
    assert.deepEqual([latest.deleted, latest.content, latest.deletedBy, latest.deletedReason], [true, '', koskinen, 'Väärä potilas']);
  });

  it('assigns a thread: the assignee shows in the thread', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const thread = await threadByTitle(t, aino, 'Rokotustodistus');
    const mattila = await professionalId(t, 'Tiina Mattila');
    assert.equal((await staff(t, 'POST', `/threads/${thread.id}/assign`, { assigneeUserId: Number(mattila) })).statusCode, 200);
    const full = await loadThread(t, aino, thread.id);
    assert.deepEqual(full.assignments.map((a) => a.assignee.id), [mattila]);
  });

  it('answers 400 with paths for a bad body and 404 for an unknown thread or professional', async () => {
    const bad = await staff(t, 'POST', '/threads/1/replies', { professionalUserId: 'x', content: '' });
    assert.equal(bad.statusCode, 400);
    const problemPaths = (bad.json() as { details: { path: string }[] }).details.map((d) => d.path).sort();
    assert.deepEqual(problemPaths, ['content', 'professionalUserId']);
    const team = await professionalId(t, 'Terveystiimi');
    assert.equal((await staff(t, 'POST', '/threads/999999/replies', { professionalUserId: Number(team), content: 'Hei' })).statusCode, 404);
    const aino = await signIn(t.app, PERSONAS.aino);
    const customerId = (await loadThread(t, aino, (await listThreads(t, aino)).paginatedThreads[0]!.id)).participants[0]!.id;
    assert.equal((await staff(t, 'POST', '/threads/1/replies', { professionalUserId: Number(customerId), content: 'Hei' })).statusCode, 404, 'a customer is not a professional');
  });
});

describe('gates', () => {
  it('maintenance mode: every operation answers MAINTENANCE and the pages say maintenance-mode with the announcement', async () => {
    const maintenance = await appWithEnv({
      MESSAGING_STATUS: 'maintenance-mode',
      MESSAGING_POLL_INTERVAL_MS: '5000',
      MESSAGING_ANNOUNCEMENT: JSON.stringify({
        active: true,
        announcementType: 'warning',
        heading: { fi: 'Viestit huollossa', sv: 'Meddelanden under underhåll', en: 'Messages under maintenance' },
        description: { fi: 'Palaamme pian.', sv: 'Snart tillbaka.', en: 'Back soon.' },
      }),
    });
    try {
      const mikko = await signIn(maintenance.app, PERSONAS.mikko);
      failsWith(await gql(maintenance, mikko, MessagingThreadsDocument), 'MAINTENANCE');
      failsWith(await gql(maintenance, mikko, MarkAsReadDocument, { threadId: '1' }), 'MAINTENANCE');
      const res = await maintenance.app.inject({ url: '/api/pages/messaging.conversations?lang=en', headers: mikko.headers });
      const state = messagingPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
      assert.equal(state.status, 'maintenance-mode');
      assert.equal(state.pollIntervalMs, 5000);
      assert.deepEqual(state.info, { active: true, heading: 'Messages under maintenance', description: 'Back soon.', announcementType: 'warning' });
      // STAFF_API_TOKEN unset: the staff API does not exist
      const staffRes = await maintenance.app.inject({ method: 'GET', url: '/api/staff/messaging/professionals', headers: { authorization: `Bearer ${STAFF_TOKEN}` } });
      assert.equal(staffRes.statusCode, 404);
    } finally {
      await maintenance.close();
    }
  });

  it('feature customer-messaging-allowed off: FEATURE_DISABLED', async () => {
    const off = await appWithEnv({}, { FEATURES: '-customer-messaging-allowed' });
    try {
      const mikko = await signIn(off.app, PERSONAS.mikko);
      failsWith(await gql(off, mikko, MessagingThreadsDocument), 'FEATURE_DISABLED');
      failsWith(await gql(off, mikko, CreateAttachmentUploadDocument), 'FEATURE_DISABLED');
    } finally {
      await off.close();
    }
  });
});
