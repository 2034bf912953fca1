import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { MessagingThreadForCustomerDocument, MessagingThreadsDocument } from '@portal/shared-api';
import type { Database } from '../src/db/index';
import type { AttachmentsPort } from '../src/modules/messaging/attachments-port';
import { loadMessagingConfig } from '../src/modules/messaging/config';
import { createMessagingGraphQL, MESSAGING_ENDPOINT } from '../src/modules/messaging/graphql-server';
import { messagingMessages, messagingThreadParticipants, messagingThreads, messagingUsers } from '../src/modules/messaging/schema';
import { people } from '../src/modules/patients/schema';
import { countStatements, createTestApp, type TestApp } from './helpers';

/**
 * The GraphQL server on its own (no HTTP route): how many statements a list costs whatever its
 * length, how long a long thread takes, what an unexpected error shows, and introspection per
 * environment.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t?.close());

const noAttachments: AttachmentsPort = {
  createUploadTicket: async () => {
    throw new Error('storage exploded: bucket s3://secret-bucket, patient 150385-9013');
  },
  linkAttachments: async () => [],
  downloadUrl: async () => null,
  attachmentsForMessages: async () => new Map(),
  inputProblem: () => null,
};

function server(db: Database, options: { environment?: 'development' | 'production'; attachments?: AttachmentsPort; log?: { error: (obj: unknown, msg?: string) => void } } = {}) {
  return createMessagingGraphQL({
    db,
    config: loadMessagingConfig({}),
    environment: options.environment ?? 'development',
    features: ['customer-messaging-allowed'],
    services: { attachments: options.attachments ?? noAttachments, threadPath: (lang, id) => `/${lang}/viestit/${id}`, questionnairesStatus: 'ok' },
    log: (options.log ?? t.app.log) as typeof t.app.log,
  });
}

async function run(yoga: ReturnType<typeof server>, personId: string, query: string, variables: object = {}) {
  const fastifyRequest = {
    session: { id: 's', personId, actingForPersonId: null, csrfToken: 'c', expiresAt: new Date() },
    id: 'req-test',
    log: t.app.log,
    headers: {},
  };
  const response = await yoga.fetch(
    `http://portal${MESSAGING_ENDPOINT}`,
    { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query, variables }) },
    { fastifyRequest: fastifyRequest as unknown as FastifyRequest },
  );
  return { status: response.status, body: await response.text() };
}

/** A customer with `threads` threads of `messagesPerThread` messages each, written in bulk. */
async function customerWithThreads(identityCode: string, threads: number, messagesPerThread: number): Promise<{ personId: string; threadIds: number[] }> {
  const db = t.app.db;
  const [person] = await db.insert(people).values({ identityCode, givenName: 'Testi', familyName: 'Asiakas', registered: true }).returning({ id: people.id });
  const [customer] = await db
    .insert(messagingUsers)
    .values({ userType: 'CustomerUser', personId: person!.id, firstName: 'Testi', lastName: 'Asiakas' })
    .returning({ id: messagingUsers.id });
  const [doctor] = await db.select({ id: messagingUsers.id }).from(messagingUsers).where(eq(messagingUsers.lastName, 'Rantanen'));
  const base = Date.parse('2026-01-01T08:00:00Z');
  const rows = await db
    .insert(messagingThreads)
    .values(Array.from({ length: threads }, (_, i) => ({ title: `Ketju ${i}`, threadType: 'customer' as const, customerUserId: customer!.id, createdAt: new Date(base + i * 60_000) })))
    .returning({ id: messagingThreads.id });
  const threadIds = rows.map((row) => row.id);
  await db.insert(messagingThreadParticipants).values(threadIds.flatMap((threadId) => [{ threadId, userId: customer!.id }, { threadId, userId: doctor!.id }]));
  const messages = threadIds.flatMap((threadId, i) =>
    Array.from({ length: messagesPerThread }, (_, j) => ({
      threadId,
      authorUserId: j % 2 === 0 ? customer!.id : doctor!.id,
      content: `Viesti ${j} ketjussa ${i}`,
      createdAt: new Date(base + i * 60_000 + j * 1000),
    })),
  );
  for (let from = 0; from < messages.length; from += 5000) await db.insert(messagingMessages).values(messages.slice(from, from + 5000));
  await db.execute(
    sql`update messaging_threads set last_message_at = (select max(created_at) from messaging_messages where thread_id = messaging_threads.id), message_count = (select count(*) from messaging_messages where thread_id = messaging_threads.id) where customer_user_id = ${customer!.id}`,
  );
  return { personId: person!.id, threadIds };
}

describe('no N+1', () => {
  it('a list of 200 threads costs as many statements as a list of 3', async () => {
    const small = await customerWithThreads('010190-901T', 3, 2);
    const large = await customerWithThreads('020290-902U', 200, 5);
    const yoga = server(t.app.db);
    const query = MessagingThreadsDocument.toString();
    // once each before counting: the list query is prepared and the customer user remembered on first use
    await run(yoga, small.personId, query);
    await run(yoga, large.personId, query);
    const counting = countStatements(t.app.db);
    const measured = await (async () => {
      try {
        const smallAnswer = await run(yoga, small.personId, query);
        const smallCount = counting.count();
        counting.reset();
        const started = performance.now();
        const largeAnswer = await run(yoga, large.personId, query);
        return { smallAnswer, smallCount, largeAnswer, largeCount: counting.count(), elapsed: performance.now() - started };
      } finally {
        counting.stop();
      }
    })();
    const { smallAnswer, smallCount, largeAnswer, largeCount, elapsed } = measured;
    assert.equal(smallAnswer.status, 200, smallAnswer.body);
    const parsed = JSON.parse(largeAnswer.body) as { data: { messagingThreads: { totalCount: number; paginatedThreads: { messages: { totalCount: number; paginatedMessages: unknown[] } }[] } } };
    assert.equal(parsed.data.messagingThreads.totalCount, 200);
    assert.ok(parsed.data.messagingThreads.paginatedThreads.every((th) => th.messages.totalCount === 5 && th.messages.paginatedMessages.length === 1));
    assert.equal(largeCount, smallCount, `statements: ${smallCount} for 3 threads, ${largeCount} for 200`);
    // the audit row and the list with each thread's newest message
    assert.ok(smallCount <= 3, `the list takes ${smallCount} statements`);
    console.info(`200-thread list: ${elapsed.toFixed(0)} ms, ${smallCount} statements`);
  });

  it('a thread of 2000 messages loads in a few statements and quickly', async () => {
    const long = await customerWithThreads('030390-903V', 1, 2000);
    const yoga = server(t.app.db);
    const counting = countStatements(t.app.db);
    const started = performance.now();
    const answer = await run(yoga, long.personId, MessagingThreadForCustomerDocument.toString(), { id: String(long.threadIds[0]) }).finally(counting.stop);
    const elapsed = performance.now() - started;
    const statements = counting.count();
    const parsed = JSON.parse(answer.body) as { data: { messagingThreadForCustomer: { messages: { totalCount: number; paginatedMessages: { content: string }[] } } } };
    assert.equal(parsed.data.messagingThreadForCustomer.messages.totalCount, 2000);
    assert.equal(parsed.data.messagingThreadForCustomer.messages.paginatedMessages.length, 2000);
    assert.equal(parsed.data.messagingThreadForCustomer.messages.paginatedMessages[1999]!.content, 'Viesti 1999 ketjussa 0');
    assert.ok(statements <= 8, `${statements} statements`);
    // generous: catches a per-message query, not a slow machine
    assert.ok(elapsed < 5000, `${elapsed.toFixed(0)} ms`);
    console.info(`2000-message thread: ${elapsed.toFixed(0)} ms, ${statements} statements`);
  });
});

describe('errors', () => {
  it('an unexpected failure answers INTERNAL with no internals, and the log has no identity code', async () => {
    const logged: unknown[] = [];
    const yoga = server(t.app.db, { log: { error: (obj: unknown) => void logged.push(obj) } });
    const [mikko] = await t.app.db.select({ id: people.id }).from(people).where(eq(people.identityCode, '150385-9013'));
    const answer = await run(yoga, mikko!.id, 'mutation { createAttachmentUpload { key url expiresAt } }');
    const body = JSON.parse(answer.body) as { errors: { message: string; extensions: { code: string } }[] };
    assert.equal(body.errors[0]!.extensions.code, 'INTERNAL');
    assert.equal(body.errors[0]!.message, 'Something went wrong');
    assert.doesNotMatch(answer.body, /exploded|secret-bucket|150385|stack|\.ts:/);
    assert.equal(logged.length, 1);
    assert.doesNotMatch(JSON.stringify(logged), /150385-9013/);
    assert.match(JSON.stringify(logged), /storage exploded/);
  });
});

describe('introspection', () => {
  it('answers in development and is refused in production', async () => {
    const [mikko] = await t.app.db.select({ id: people.id }).from(people).where(eq(people.identityCode, '150385-9013'));
    const query = '{ __schema { queryType { name } } }';
    const dev = await run(server(t.app.db), mikko!.id, query);
    assert.match(dev.body, /"queryType":\{"name":"Query"\}/);
    const prod = await run(server(t.app.db, { environment: 'production' }), mikko!.id, query);
    assert.match(prod.body, /"code":"BAD_USER_INPUT"/);
    assert.doesNotMatch(prod.body, /"queryType"/);
    // __typename is no introspection: the portal's own documents ask for it
    const typename = await run(server(t.app.db, { environment: 'production' }), mikko!.id, '{ messagingThreads { __typename totalCount } }');
    assert.match(typename.body, /"__typename":"PaginatedThreads"/);
  });
});
