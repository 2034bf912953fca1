import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import { ACCESS_LOG_EXPORT_PATH, dataAccessPageStateSchema, pageStateSchema, validationErrorSchema, type AccessLogEntry } from '@portal/shared-api';
import { STAFF_PROFESSIONAL_ACTOR_ID } from '../src/modules/audit/audit';
import { auditLog } from '../src/modules/audit/schema';
import { messagingMessages, messagingThreads, messagingUsers } from '../src/modules/messaging/schema';
import { listThreadsOfCustomer } from '../src/modules/messaging/staff';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * "An audit row for every read of patient data", the staff side: every staff messaging command that
 * reads a patient's threads or messages (writes included) writes one audit row for that patient, as
 * a healthcare professional (STAFF_PROFESSIONAL_ACTOR_ID, no person of ours, no identity code), and
 * the patient's access log shows it as such, never as another user of the service.
 */

const STAFF_TOKEN = 'staff-audit-token-0123456789';
const PROFESSIONAL_DETAILS = { actorRole: 'professional', staffChannel: 'api' };

let t: TestApp;
let mikko: string;

before(async () => {
  t = await createTestApp({ STAFF_API_TOKEN: STAFF_TOKEN });
  mikko = await personIdOf(t.app, PERSONAS.mikko);
});
after(async () => t?.close());

function staff(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/staff/messaging${url}`,
    headers: { authorization: `Bearer ${STAFF_TOKEN}` },
    ...(payload ? { payload } : {}),
  });
}

const newestAuditId = async () => (await t.app.db.select({ newest: max(auditLog.id) }).from(auditLog))[0]?.newest ?? 0;

/** The audit rows written since `since` (an audit row id), oldest first. */
const rowsSince = (since: number) => t.app.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));

async function threadsOf(personId: string) {
  return t.app.db
    .select({ id: messagingThreads.id, title: messagingThreads.title })
    .from(messagingThreads)
    .innerJoin(messagingUsers, eq(messagingUsers.id, messagingThreads.customerUserId))
    .where(eq(messagingUsers.personId, personId))
    .orderBy(asc(messagingThreads.id));
}

async function professionalUserId(): Promise<number> {
  const [user] = await t.app.db.select({ id: messagingUsers.id }).from(messagingUsers).where(eq(messagingUsers.userType, 'ProfessionalUser')).orderBy(asc(messagingUsers.id));
  assert.ok(user);
  return user.id;
}

async function accessLogOf(caller: SignedInCaller) {
  const response = await t.app.inject({ url: '/api/pages/account.data-access?lang=en', headers: caller.headers });
  assert.equal(response.statusCode, 200, response.body);
  return { body: response.body, log: dataAccessPageStateSchema.parse(pageStateSchema.parse(response.json()).state).log };
}

const byProfessional = (entries: readonly AccessLogEntry[]) => entries.filter((entry) => entry.role === 'professional');

describe('staff messaging audit', () => {
  it("writes one row per staff read of Mikko's threads, as a professional, and his access log shows a healthcare professional", async () => {
    const since = await newestAuditId();
    for (let read = 0; read < 2; read++) {
      const response = await staff('GET', `/threads?identityCode=${PERSONAS.mikko}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.ok((response.json() as { threads: unknown[] }).threads.length > 0, "Mikko's threads");
    }

    const rows = await rowsSince(since);
    assert.equal(rows.length, 2, 'exactly one row per read, for nobody else');
    for (const row of rows) {
      assert.equal(row.subjectPersonId, mikko);
      assert.equal(row.actorPersonId, STAFF_PROFESSIONAL_ACTOR_ID);
      assert.equal(row.action, 'messaging.staff.threads');
      assert.deepEqual(row.details, PROFESSIONAL_DETAILS);
      assert.ok(row.requestId, "the request's id");
      assert.ok(!JSON.stringify(row).includes(PERSONAS.mikko), 'no identity code in the row');
    }

    // Mikko's log: the two reads, by a healthcare professional, of his messages
    const mikkos = await accessLogOf(await signIn(t.app, PERSONAS.mikko));
    const professional = byProfessional(mikkos.log.entries);
    assert.deepEqual(
      professional.map((entry) => entry.id),
      rows.map((row) => String(row.id)).reverse(),
    );
    assert.ok(professional.every((entry) => entry.categories.join() === 'messages' && !entry.byYou));
    assert.ok(mikkos.log.entries.every((entry) => entry.role !== 'otherUser'), 'never another user of the service');
    assert.ok(!mikkos.body.includes(STAFF_PROFESSIONAL_ACTOR_ID) && !mikkos.body.includes('messaging.staff'));

    // …and in nobody else's
    for (const other of [PERSONAS.aino, PERSONAS.leena]) {
      assert.deepEqual(byProfessional((await accessLogOf(await signIn(t.app, other))).log.entries), [], other);
    }
  });

  it('an unknown identity code reads nobody: no row', async () => {
    const since = await newestAuditId();
    const response = await staff('GET', '/threads?identityCode=010101-0101');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { threads: [] });
    assert.deepEqual(await rowsSince(since), []);
  });

  it("audits every staff write on Mikko's thread once, for him only, with the ids it touched", async () => {
    const [thread] = await threadsOf(mikko);
    assert.ok(thread);
    const professionalId = await professionalUserId();
    const since = await newestAuditId();

    const reply = await staff('POST', `/threads/${thread.id}/replies`, { professionalUserId: professionalId, content: 'Hei, katsotaan tätä.' });
    assert.equal(reply.statusCode, 201, reply.body);
    const { messageId } = reply.json() as { messageId: number };
    assert.equal((await staff('POST', `/threads/${thread.id}/close`)).statusCode, 200);
    assert.equal((await staff('POST', `/threads/${thread.id}/reopen`)).statusCode, 200);
    assert.equal((await staff('POST', `/threads/${thread.id}/assign`, { assigneeUserId: professionalId })).statusCode, 200);
    assert.equal((await staff('POST', `/messages/${messageId}/delete`, { deletedByUserId: professionalId, reason: 'Väärä ketju' })).statusCode, 200);
    // refused before anything is read: no rows
    assert.equal((await staff('POST', '/threads/999999/close')).statusCode, 404);
    assert.equal((await staff('POST', '/messages/999999/delete', { deletedByUserId: professionalId, reason: '' })).statusCode, 404);

    const rows = await rowsSince(since);
    assert.deepEqual(
      rows.map((row) => [row.subjectPersonId, row.actorPersonId, row.action, row.details]),
      [
        [mikko, STAFF_PROFESSIONAL_ACTOR_ID, 'messaging.staff.reply', { ...PROFESSIONAL_DETAILS, threadId: thread.id, professionalUserId: professionalId }],
        [mikko, STAFF_PROFESSIONAL_ACTOR_ID, 'messaging.staff.close', { ...PROFESSIONAL_DETAILS, threadId: thread.id }],
        [mikko, STAFF_PROFESSIONAL_ACTOR_ID, 'messaging.staff.reopen', { ...PROFESSIONAL_DETAILS, threadId: thread.id }],
        [mikko, STAFF_PROFESSIONAL_ACTOR_ID, 'messaging.staff.assign', { ...PROFESSIONAL_DETAILS, threadId: thread.id, assigneeUserId: professionalId }],
        [
          mikko,
          STAFF_PROFESSIONAL_ACTOR_ID,
          'messaging.staff.delete-message',
          { ...PROFESSIONAL_DETAILS, messageId, threadId: thread.id, deletedByUserId: professionalId },
        ],
      ],
    );
    const [deleted] = await t.app.db.select({ deletedAt: messagingMessages.deletedAt }).from(messagingMessages).where(eq(messagingMessages.id, messageId));
    assert.ok(deleted?.deletedAt, 'the write itself still happens');
  });

  it('the server command audits as the cli channel, without a request id', async () => {
    const since = await newestAuditId();
    const threads = await listThreadsOfCustomer(t.app.db, { identityCode: ` ${PERSONAS.mikko.toLowerCase()} ` }, { channel: 'cli' });
    assert.deepEqual(
      threads.map((thread) => thread.id).sort((a, b) => a - b),
      (await threadsOf(mikko)).map((thread) => thread.id),
    );
    const rows = await rowsSince(since);
    assert.deepEqual(
      rows.map((row) => [row.subjectPersonId, row.actorPersonId, row.action, row.details, row.requestId]),
      [[mikko, STAFF_PROFESSIONAL_ACTOR_ID, 'messaging.staff.threads', { actorRole: 'professional', staffChannel: 'cli' }, null]],
    );
  });

  it("names the professional's role when the staff command names the professional, in the log and its CSV (issue 33)", async () => {
    const [thread] = await threadsOf(mikko);
    assert.ok(thread);
    const [doctor] = await t.app.db
      .select({ id: messagingUsers.id })
      .from(messagingUsers)
      .where(and(eq(messagingUsers.userType, 'ProfessionalUser'), eq(messagingUsers.role, 'Doctor')));
    const [nurse] = await t.app.db
      .select({ id: messagingUsers.id })
      .from(messagingUsers)
      .where(and(eq(messagingUsers.userType, 'ProfessionalUser'), eq(messagingUsers.role, 'Nurse')));
    assert.ok(doctor && nurse);
    const since = await newestAuditId();
    const reply = await staff('POST', `/threads/${thread.id}/replies`, { professionalUserId: doctor.id, content: 'Lääkärin vastaus.' });
    assert.equal(reply.statusCode, 201, reply.body);
    const { messageId } = reply.json() as { messageId: number };
    assert.equal((await staff('POST', `/messages/${messageId}/delete`, { deletedByUserId: nurse.id, reason: 'Väärä ketju' })).statusCode, 200);
    assert.equal((await staff('GET', `/threads?identityCode=${PERSONAS.mikko}`)).statusCode, 200);
    // a read names its professional with ?professionalUserId=, and so does a close
    assert.equal((await staff('GET', `/threads?identityCode=${PERSONAS.mikko}&professionalUserId=${nurse.id}`)).statusCode, 200);
    assert.equal((await staff('POST', `/threads/${thread.id}/close?professionalUserId=${doctor.id}`)).statusCode, 200);
    assert.equal((await staff('POST', `/threads/${thread.id}/reopen`)).statusCode, 200);

    const rows = await rowsSince(since);
    assert.deepEqual(
      rows.map((row) => [row.action, (row.details as { professionalRole?: string }).professionalRole]),
      [
        ['messaging.staff.reply', 'doctor'],
        ['messaging.staff.delete-message', 'nurse'],
        ['messaging.staff.threads', undefined],
        ['messaging.staff.threads', 'nurse'],
        ['messaging.staff.close', 'doctor'],
        ['messaging.staff.reopen', undefined],
      ],
    );
    // each staff request is an entry of its own (its own correlation id)
    assert.equal(new Set(rows.map((row) => row.correlationId)).size, 6);

    // a professional who does not exist, or a bad id, is the caller's mistake: 400 naming the parameter, nothing read or written
    const before = await newestAuditId();
    for (const bad of [`/threads?identityCode=${PERSONAS.mikko}&professionalUserId=999999`, `/threads?identityCode=${PERSONAS.mikko}&professionalUserId=x`]) {
      const refused = await staff('GET', bad);
      assert.equal(refused.statusCode, 400, refused.body);
      assert.deepEqual(validationErrorSchema.parse(refused.json()).details.map((detail) => detail.path), ['professionalUserId'], refused.body);
    }
    const closeRefused = await staff('POST', `/threads/${thread.id}/close?professionalUserId=999999`);
    assert.equal(closeRefused.statusCode, 400, closeRefused.body);
    assert.deepEqual(await rowsSince(before), []);

    const signedIn = await signIn(t.app, PERSONAS.mikko);
    const { log } = await accessLogOf(signedIn);
    const staffEntries = byProfessional(log.entries).slice(0, 6);
    assert.deepEqual(
      staffEntries.map((entry) => [entry.professionalRole ?? null, entry.categories, entry.byYou]),
      [
        [null, ['messages'], false],
        ['doctor', ['messages'], false],
        ['nurse', ['messages'], false],
        [null, ['messages'], false],
        ['nurse', ['messages'], false],
        ['doctor', ['messages'], false],
      ],
    );
    // a patient's own entries never carry a professional's role
    assert.ok(log.entries.every((entry) => entry.role === 'professional' || entry.professionalRole === undefined));

    const csv = await t.app.inject({ url: `${ACCESS_LOG_EXPORT_PATH}?lang=fi&categories=messages`, headers: signedIn.headers });
    assert.equal(csv.statusCode, 200, csv.body);
    const whoOf = csv.body
      .split('\r\n')
      .slice(1, 7)
      .map((line) => line.split(',')[1]);
    assert.deepEqual(whoOf, ['Terveydenhuollon ammattilainen', 'Lääkäri', 'Hoitaja', 'Terveydenhuollon ammattilainen', 'Hoitaja', 'Lääkäri']);
  });

  it('the actor is no person of the people table', async () => {
    assert.deepEqual(await t.app.db.select({ id: people.id }).from(people).where(eq(people.id, STAFF_PROFESSIONAL_ACTOR_ID)), []);
  });
});
