import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import {
  KELA_CARD_PATH,
  KELA_FILE_TYPE_MESSAGE,
  KELA_FINISH_UPLOAD_PATH,
  KELA_INIT_UPLOAD_PATH,
  kelaCardResponseSchema,
  kelaInitUploadResponseSchema,
  kelaUploadHeaders,
  validationErrorSchema,
  type KelaInitUploadResponse,
} from '@portal/shared-api';
import type { AttachmentStorage } from '../src/modules/attachments/index';
import { messageAttachments } from '../src/modules/attachments/schema';
import { finishKelaUpload, initKelaUpload } from '../src/modules/account/kela/service';
import { kelaCards, kelaUploads } from '../src/modules/account/schema';
import { auditLog } from '../src/modules/audit/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { jpeg, png } from './file-fixtures';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The Kela card over HTTP (spec part 2 §3, §4, §5, §7, §9) with the local-disk attachment storage:
 * init-upload, the PUT of both sides through the storage's signed route, finish-upload, the saved
 * images; bytes that are not the JPEG/PNG declared are refused with §5's message; tokens are the
 * person's own, single-use and expire. The S3 path (checked at finish-upload) runs on a stand-in.
 */

const text = () => Buffer.from('Tämä ei ole kuva.\n', 'utf8');

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
});
after(async () => t?.close());

const attachmentsDir = () => path.join(t.config.dataDir, 'attachments');

async function initUpload(caller: SignedInCaller, mimetypes: unknown) {
  return t.app.inject({ method: 'POST', url: `${KELA_INIT_UPLOAD_PATH}?csrfToken=${caller.csrfToken}`, headers: caller.headers, payload: { mimetypes } });
}

async function startUpload(caller: SignedInCaller, front: string, back: string): Promise<KelaInitUploadResponse> {
  const response = await initUpload(caller, { front, back });
  assert.equal(response.statusCode, 200, response.body);
  return kelaInitUploadResponseSchema.parse(response.json());
}

/** The browser's PUT: the URL plus the csrfToken (it is the portal's own), the §7 headers. */
async function put(caller: SignedInCaller, url: string, bytes: Buffer, contentType: string | null) {
  assert.ok(url.startsWith('/api/'), `a local upload URL: ${url}`);
  const headers: Record<string, string> = contentType ? kelaUploadHeaders(url, contentType) : { 'content-type': 'application/octet-stream' };
  return t.app.inject({ method: 'PUT', url: `${url}&csrfToken=${caller.csrfToken}`, headers: { ...caller.headers, ...headers }, payload: bytes });
}

async function finish(caller: SignedInCaller, token: string, csrfToken: string = caller.csrfToken) {
  return t.app.inject({ url: `${KELA_FINISH_UPLOAD_PATH}?${new URLSearchParams({ csrfToken, token })}`, headers: caller.headers });
}

async function kelaCard(caller: SignedInCaller) {
  const response = await t.app.inject({ url: `${KELA_CARD_PATH}?csrfToken=${caller.csrfToken}`, headers: caller.headers });
  assert.equal(response.statusCode, 200, response.body);
  return kelaCardResponseSchema.parse(response.json());
}

function detailsOf(body: string) {
  return validationErrorSchema.parse(JSON.parse(body)).details;
}

/** Uploads both sides and finishes; returns the finish answer. */
async function uploadCard(caller: SignedInCaller, front: Buffer, back: Buffer) {
  const ticket = await startUpload(caller, 'image/png', 'image/jpeg');
  assert.equal((await put(caller, ticket.front.url, front, 'image/png')).statusCode, 200);
  assert.equal((await put(caller, ticket.back.url, back, 'image/jpeg')).statusCode, 200);
  return finish(caller, ticket.token);
}

describe('init-upload', () => {
  it('refuses bad payloads with 400 and the paths at fault, and creates nothing', async () => {
    const openUploads = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(kelaUploads))[0]?.n;
    const before = await openUploads();
    const cases: Array<[unknown, string[]]> = [
      [{ front: 'image/gif', back: 'image/png' }, ['mimetypes.front']],
      [{ front: 'image/png', back: 'application/pdf' }, ['mimetypes.back']],
      [{ front: 'image/png' }, ['mimetypes.back']],
      [{ front: 'IMAGE/PNG', back: 'image/jpg' }, ['mimetypes.front', 'mimetypes.back']],
      ['image/png', ['mimetypes']],
    ];
    for (const [mimetypes, paths] of cases) {
      const response = await initUpload(mikko, mimetypes);
      assert.equal(response.statusCode, 400, JSON.stringify(mimetypes));
      const details = detailsOf(response.body);
      assert.deepEqual(details.map((d) => d.path).sort(), [...paths].sort(), JSON.stringify(mimetypes));
    }
    const gif = detailsOf((await initUpload(mikko, { front: 'image/gif', back: 'image/png' })).body);
    assert.equal(gif[0]?.message, KELA_FILE_TYPE_MESSAGE);
    assert.equal(await openUploads(), before);
  });

  it('needs a session and its csrfToken', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: KELA_INIT_UPLOAD_PATH, payload: { mimetypes: { front: 'image/png', back: 'image/png' } } });
    assert.equal(anonymous.statusCode, 401);
    const noToken = await t.app.inject({
      method: 'POST',
      url: KELA_INIT_UPLOAD_PATH,
      headers: mikko.headers,
      payload: { mimetypes: { front: 'image/png', back: 'image/png' } },
    });
    assert.equal(noToken.statusCode, 403);
  });

  it('answers two different upload URLs of the attachment storage and a token stored only as a hash', async () => {
    const ticket = await startUpload(mikko, 'image/png', 'image/jpeg');
    assert.notEqual(ticket.front.url, ticket.back.url);
    assert.match(ticket.front.url, /^\/api\/attachments\/upload\/[A-Za-z0-9_-]{32}\?expires=\d+&signature=/);
    assert.ok(ticket.token.length >= 40);
    const rows = await t.app.db.select().from(kelaUploads).where(eq(kelaUploads.token, ticket.token));
    assert.equal(rows.length, 0, 'the token itself is not stored');
  });
});

describe('upload and finish-upload', () => {
  it('saves both sides as the card, shows them to the owner only, and replaces an older card (deleting its files)', async () => {
    const first = await uploadCard(mikko, png(10), jpeg());
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { type: 'success' });

    const card = await kelaCard(mikko);
    assert.ok(card.imageUrl.front && card.imageUrl.back);
    const front = await t.app.inject({ url: card.imageUrl.front, headers: mikko.headers });
    assert.equal(front.statusCode, 200);
    assert.equal(front.headers['content-type'], 'image/png');
    assert.equal(front.headers['x-content-type-options'], 'nosniff');
    assert.match(String(front.headers['cache-control']), /no-store/);
    assert.deepEqual(front.rawPayload, png(10));
    const back = await t.app.inject({ url: card.imageUrl.back, headers: mikko.headers });
    assert.equal(back.headers['content-type'], 'image/jpeg');
    assert.deepEqual(back.rawPayload, jpeg());

    // Aino sees no card, not Mikko's; her image URLs answer 404, and nobody signed out gets anything.
    assert.deepEqual(await kelaCard(aino), { imageUrl: { front: null, back: null } });
    assert.equal((await t.app.inject({ url: card.imageUrl.front, headers: aino.headers })).statusCode, 404);
    assert.equal((await t.app.inject({ url: card.imageUrl.front })).statusCode, 401);
    assert.equal((await t.app.inject({ url: `${KELA_CARD_PATH}?csrfToken=${mikko.csrfToken}` })).statusCode, 401);
    assert.equal((await t.app.inject({ url: `${KELA_CARD_PATH}?csrfToken=${aino.csrfToken}`, headers: mikko.headers })).statusCode, 403);

    const [saved] = await t.app.db.select().from(kelaCards).where(eq(kelaCards.personId, mikko.personId));
    assert.ok(saved);
    // the attachments module no longer has the objects: its purge of unsent uploads never deletes a card
    const leftovers = await t.app.db.select().from(messageAttachments).where(eq(messageAttachments.key, saved.frontKey));
    assert.equal(leftovers.length, 0);
    assert.ok(existsSync(path.join(attachmentsDir(), saved.frontKey)));

    const second = await uploadCard(mikko, png(20), jpeg());
    assert.equal(second.statusCode, 200, second.body);
    const renewed = await kelaCard(mikko);
    assert.notEqual(renewed.imageUrl.front, card.imageUrl.front);
    assert.deepEqual((await t.app.inject({ url: renewed.imageUrl.front!, headers: mikko.headers })).rawPayload, png(20));
    assert.equal(existsSync(path.join(attachmentsDir(), saved.frontKey)), false, 'the old front is deleted');
    assert.equal(existsSync(path.join(attachmentsDir(), saved.backKey)), false, 'the old back is deleted');

    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'account.kela-card'));
    assert.ok(audits.some((row) => row.subjectPersonId === mikko.personId));
  });

  it('refuses a PNG renamed .jpg: the PUT refuses the mismatch, and so does finish-upload by the bytes', async () => {
    const ticket = await startUpload(aino, 'image/jpeg', 'image/jpeg');
    // the browser declares image/jpeg for the renamed file: the local storage's PUT checks the bytes
    assert.equal((await put(aino, ticket.front.url, png(), 'image/jpeg')).statusCode, 400);
    assert.equal((await put(aino, ticket.back.url, jpeg(), 'image/jpeg')).statusCode, 200);
    const response = await finish(aino, ticket.token);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(detailsOf(response.body), [{ path: 'front', message: KELA_FILE_TYPE_MESSAGE }]);
    assert.deepEqual(await kelaCard(aino), { imageUrl: { front: null, back: null } });

    // sent without a type, the PUT takes any allowed format: finish-upload compares the bytes with init's type
    const untyped = await startUpload(aino, 'image/png', 'image/jpeg');
    assert.equal((await put(aino, untyped.front.url, png(), null)).statusCode, 200);
    assert.equal((await put(aino, untyped.back.url, png(), null)).statusCode, 200);
    const refused = await finish(aino, untyped.token);
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(detailsOf(refused.body), [{ path: 'back', message: KELA_FILE_TYPE_MESSAGE }]);
    assert.deepEqual(await kelaCard(aino), { imageUrl: { front: null, back: null } });
  });

  it('refuses a text file declared image/png by its bytes', async () => {
    const ticket = await startUpload(aino, 'image/png', 'image/png');
    assert.equal((await put(aino, ticket.front.url, png(), 'image/png')).statusCode, 200);
    assert.equal((await put(aino, ticket.back.url, text(), 'image/png')).statusCode, 400);
    const response = await finish(aino, ticket.token);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(detailsOf(response.body), [{ path: 'back', message: KELA_FILE_TYPE_MESSAGE }]);
    assert.deepEqual(await kelaCard(aino), { imageUrl: { front: null, back: null } });
  });

  it('refuses a finish before both sides arrived', async () => {
    const ticket = await startUpload(aino, 'image/png', 'image/png');
    assert.equal((await put(aino, ticket.front.url, png(), 'image/png')).statusCode, 200);
    const response = await finish(aino, ticket.token);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(detailsOf(response.body).map((d) => d.path), ['back']);
  });

  it("refuses another person's token (without using it up), a reused one, an expired one, and a missing csrfToken", async () => {
    const ticket = await startUpload(mikko, 'image/png', 'image/png');
    assert.equal((await put(mikko, ticket.front.url, png(30), 'image/png')).statusCode, 200);
    assert.equal((await put(mikko, ticket.back.url, png(40), 'image/png')).statusCode, 200);

    assert.equal((await finish(aino, ticket.token)).statusCode, 403, "Aino cannot finish Mikko's upload");
    assert.deepEqual(await kelaCard(aino), { imageUrl: { front: null, back: null } });
    assert.equal((await finish(mikko, ticket.token, 'wrong')).statusCode, 403, 'csrfToken checked');
    assert.equal((await finish(mikko, ticket.token, aino.csrfToken)).statusCode, 403, "another session's csrfToken");
    assert.equal((await t.app.inject({ url: `${KELA_FINISH_UPLOAD_PATH}?token=${ticket.token}`, headers: mikko.headers })).statusCode, 403);

    assert.equal((await finish(mikko, ticket.token)).statusCode, 200, 'still usable by its owner');
    assert.equal((await finish(mikko, ticket.token)).statusCode, 403, 'single-use');
    assert.equal((await finish(mikko, 'no-such-token')).statusCode, 403);

    const late = await startUpload(mikko, 'image/png', 'image/png');
    assert.equal((await put(mikko, late.front.url, png(50), 'image/png')).statusCode, 200);
    assert.equal((await put(mikko, late.back.url, png(60), 'image/png')).statusCode, 200);
    await t.app.db.update(kelaUploads).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(kelaUploads.personId, mikko.personId));
    const before = await kelaCard(mikko);
    assert.equal((await finish(mikko, late.token)).statusCode, 403, 'expired');
    assert.deepEqual(await kelaCard(mikko), before, 'the card is unchanged');
  });
});

describe('a guardian acting for a child', () => {
  it("uploads the child's card: the child's session view shows it, the guardian's own does not", async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const response = await uploadCard(leenaForElla, png(70), jpeg());
    assert.equal(response.statusCode, 200, response.body);
    const card = await kelaCard(leenaForElla);
    assert.ok(card.imageUrl.front);
    assert.deepEqual((await t.app.inject({ url: card.imageUrl.front, headers: leenaForElla.headers })).rawPayload, png(70));
    const leenaHerself = await signIn(t.app, PERSONAS.leena);
    assert.deepEqual(await kelaCard(leenaHerself), { imageUrl: { front: null, back: null } });
    const [ellas] = await t.app.db.select().from(kelaCards).where(eq(kelaCards.personId, await personIdOf(t.app, PERSONAS.ella)));
    assert.ok(ellas, "the card is Ella's");
  });
});

describe('straight to the storage (S3): checked at finish-upload', () => {
  /** An in-memory stand-in for S3 with the adapter's contract (as in attachments.test.ts). */
  function directStorage() {
    const uploads = new Map<string, Buffer>();
    const finals = new Map<string, Buffer>();
    const fake: AttachmentStorage & { browserPut(url: string, bytes: Buffer): void; finals: Map<string, Buffer> } = {
      kind: 's3',
      finals,
      browserPut: (url, bytes) => void uploads.set(new URL(url).pathname.split('/').pop()!, bytes),
      uploadUrl: async (key) => `https://bucket.example/uploads/${key}?X-Amz-Signature=x`,
      downloadUrl: async (key) => `https://bucket.example/final/${key}?X-Amz-Signature=y`,
      async seal(key) {
        const uploaded = uploads.get(key);
        if (!uploaded) return finals.has(key) ? { size: finals.get(key)!.length } : null;
        finals.set(key, uploaded);
        uploads.delete(key);
        return { size: uploaded.length };
      },
      stat: async (key) => (finals.has(key) ? { size: finals.get(key)!.length } : null),
      readHead: async (key, bytes) => finals.get(key)?.subarray(0, bytes) ?? null,
      delete: async (key) => {
        uploads.delete(key);
        finals.delete(key);
      },
    };
    return fake;
  }

  it('seals and sniffs both objects: a PNG declared as JPEG is refused and deleted, a good pair becomes the card', async () => {
    const s3 = directStorage();
    const leena = await signIn(t.app, PERSONAS.leena);
    const actor = { actorPersonId: leena.personId, subjectPersonId: leena.personId };
    const bad = await initKelaUpload(t.app.db, s3, actor, { mimetypes: { front: 'image/jpeg', back: 'image/png' } }, 600);
    assert.match(bad.front.url, /^https:\/\/bucket\.example\//);
    s3.browserPut(bad.front.url, png());
    s3.browserPut(bad.back.url, png());
    assert.deepEqual(await finishKelaUpload(t.app.db, s3, actor, bad.token), {
      kind: 'refused',
      details: [{ path: 'front', message: KELA_FILE_TYPE_MESSAGE }],
    });
    assert.equal(s3.finals.size, 0, 'claimed but refused objects are deleted');

    const good = await initKelaUpload(t.app.db, s3, actor, { mimetypes: { front: 'image/jpeg', back: 'image/png' } }, 600);
    s3.browserPut(good.front.url, jpeg());
    s3.browserPut(good.back.url, png());
    assert.deepEqual(await finishKelaUpload(t.app.db, s3, actor, good.token), { kind: 'success' });
    const [card] = await t.app.db.select().from(kelaCards).where(eq(kelaCards.personId, leena.personId));
    assert.equal(card?.frontMimeType, 'image/jpeg');
    assert.deepEqual(s3.finals.get(card!.frontKey), jpeg());
  });
});
