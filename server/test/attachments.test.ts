import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_TOTAL_BYTES,
  apiErrorSchema,
  validationErrorSchema,
  type OutgoingAttachment,
} from '@portal/shared-api';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/index';
import {
  AttachmentError,
  attachmentsForMessages,
  createUploadTicket,
  downloadUrl,
  installAttachments,
  linkAttachments,
  loadStorageConfig,
  purgeStaleAttachments,
  UNLINKED_ATTACHMENT_TTL_MS,
  type AttachmentErrorCode,
  type AttachmentStorage,
} from '../src/modules/attachments/index';
import {
  checkAttachment,
  checkUpload,
  detectContentType,
  FORMAT_CONTENT_TYPES,
  FORMAT_EXTENSIONS,
} from '../src/modules/attachments/content-check';
import { createS3Storage } from '../src/modules/attachments/s3-storage';
import { messageAttachments } from '../src/modules/attachments/schema';
import { contentDisposition } from '../src/modules/attachments/storage';
import { createUrlSigner } from '../src/modules/attachments/url-signing';
import { ConfigError } from '../src/config';
import { PERSONAS } from '../src/demo/seed/personas';
import { cfb, csv, docx, elf, exe, odt, pdf, png, txt } from './file-fixtures';
import { fixturesDir, openTestDatabase, signIn, type SignedInCaller, type TestApp } from './helpers';

const PDF = 'application/pdf';
const PNG = 'image/png';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// ---------------------------------------------------------------------------------------------
// The app, with the attachments installed even while app.ts does not install them yet.

async function createAttachmentsApp(options: { logLines?: string[] } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-attachments-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SHELL_DIST: path.join(dataDir, 'no-shell-build'),
    REMOTES_DIST_ROOT: path.join(fixturesDir, 'remotes'),
    APP_ENV: 'development',
    DEMO: 'true',
    PORT: '8080',
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
  });
  const database = await openTestDatabase();
  const logLines = options.logLines;
  const app = await buildApp(config, {
    database,
    prepareDatabase: false,
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : { logger: false }),
  });
  if (!app.hasDecorator('attachmentStorage')) installAttachments(app, { storageConfig: { kind: 'local', urlSecret: null } });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
before(async () => {
  t = await createAttachmentsApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
});
after(async () => t.close());

const db = () => t.app.db;
const storage = () => t.app.attachmentStorage;
const attachmentsDir = () => path.join(t.config.dataDir, 'attachments');

/** Messages belong to the messaging module; any integer will do as the id here. */
let nextMessageId = 900_000;
const newMessageId = () => ++nextMessageId;

async function ticket(caller: SignedInCaller, now?: Date) {
  return createUploadTicket(db(), storage(), { uploaderPersonId: caller.personId }, now);
}

function put(url: string, body: Buffer, options: { caller?: SignedInCaller | null; contentType?: string | null; csrfToken?: string | null } = {}) {
  const caller = options.caller === undefined ? mikko : options.caller;
  const csrfToken = options.csrfToken === undefined ? caller?.csrfToken : options.csrfToken;
  const target = csrfToken ? `${url}&csrfToken=${encodeURIComponent(csrfToken)}` : url;
  const headers: Record<string, string> = { ...(caller ? caller.headers : {}) };
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/octet-stream';
  return t.app.inject({ method: 'PUT', url: target, headers, payload: body });
}

/** Ticket + PUT; asserts the upload was accepted. */
async function upload(body: Buffer, contentType: string | null, caller: SignedInCaller = mikko): Promise<string> {
  const { key, url } = await ticket(caller);
  const res = await put(url, body, { caller, contentType });
  assert.equal(res.statusCode, 200, res.body);
  return key;
}

async function rowOf(key: string) {
  const [row] = await db().select().from(messageAttachments).where(eq(messageAttachments.key, key));
  assert.ok(row, `no row for ${key}`);
  return row;
}

async function linkFails(promise: Promise<unknown>, code: AttachmentErrorCode, pathName: string): Promise<AttachmentError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AttachmentError, `expected an AttachmentError, got ${String(err)}`);
    assert.equal(err.code, code, err.message);
    assert.equal(err.path, pathName);
    return err;
  }
  assert.fail(`expected ${code} at ${pathName}`);
}

function filesOnDisk(): string[] {
  return existsSync(attachmentsDir()) ? readdirSync(attachmentsDir()) : [];
}

// ---------------------------------------------------------------------------------------------

describe('upload tickets', () => {
  it('give a random key and this server’s signed upload route, valid for 15 minutes', async () => {
    const now = new Date();
    const a = await ticket(mikko, now);
    const b = await ticket(mikko, now);
    assert.match(a.key, /^[A-Za-z0-9_-]{32}$/);
    assert.notEqual(a.key, b.key);
    assert.equal(a.expiresAt.getTime() - now.getTime(), 15 * 60_000);
    const url = new URL(a.url, 'http://portal.test');
    assert.equal(url.pathname, `/api/attachments/upload/${a.key}`);
    assert.equal(url.searchParams.get('expires'), String(Math.floor(a.expiresAt.getTime() / 1000)));
    assert.ok(url.searchParams.get('signature'));
    assert.equal((await rowOf(a.key)).status, 'pending');
  });
});

describe('PUT /api/attachments/upload/:key', () => {
  it('accepts a PNG, a PDF, a DOCX and a TXT, and they link to a message', async () => {
    const files: Array<[Buffer, string, string]> = [
      [png(), PNG, 'kuva.PNG'],
      [pdf(), PDF, 'lähete.pdf'],
      [docx(), DOCX, 'todistus.docx'],
      [txt(), 'text/plain; charset=utf-8', 'oireet.txt'],
    ];
    const attachments: OutgoingAttachment[] = [];
    for (const [bytes, type, fileName] of files) {
      const key = await upload(bytes, type);
      const row = await rowOf(key);
      assert.equal(row.status, 'uploaded');
      assert.equal(row.sizeBytes, bytes.length);
      attachments.push({ key, fileName, contentType: type });
    }
    assert.deepEqual(
      (await Promise.all(attachments.map((a) => rowOf(a.key)))).map((r) => r.detectedContentType),
      [PNG, PDF, DOCX, 'text/plain'],
    );

    const messageId = newMessageId();
    const linked = await linkAttachments(db(), storage(), { uploaderPersonId: mikko.personId, messageId, attachments });
    assert.deepEqual(
      linked.map(({ fileName, contentType }) => ({ fileName, contentType })),
      [
        { fileName: 'kuva.PNG', contentType: PNG },
        { fileName: 'lähete.pdf', contentType: PDF },
        { fileName: 'todistus.docx', contentType: DOCX },
        { fileName: 'oireet.txt', contentType: 'text/plain' },
      ],
    );
    for (const a of attachments) {
      const row = await rowOf(a.key);
      assert.equal(row.status, 'linked');
      assert.equal(row.messageId, messageId);
    }
    const byMessage = await attachmentsForMessages(db(), [messageId, messageId + 100_000]);
    assert.deepEqual(byMessage.get(messageId), linked);
    assert.equal(byMessage.has(messageId + 100_000), false);
  });

  it('accepts the other allowed formats under their usual names and types', async () => {
    const cases: Array<[Buffer, string | null, string, string]> = [
      // bytes, Content-Type of the PUT, file name, content type in the message
      [odt(), 'application/vnd.oasis.opendocument.text', 'kirje.odt', 'application/vnd.oasis.opendocument.text'],
      [csv(), 'application/vnd.ms-excel', 'kuume.csv', 'application/vnd.ms-excel'], // Windows' name for .csv
      [csv(), null, 'kuume.CSV', ''], // the browser did not know: the name decides
      [cfb(), 'application/vnd.ms-excel', 'salattu.xlsx', 'application/vnd.ms-excel'], // password-protected
      [Buffer.from('{\\rtf1\\ansi Hei}'), 'application/msword', 'muistio.rtf', 'application/msword'],
    ];
    const attachments: OutgoingAttachment[] = [];
    for (const [bytes, putType, fileName, contentType] of cases) {
      attachments.push({ key: await upload(bytes, putType), fileName, contentType });
    }
    const linked = await linkAttachments(db(), storage(), { uploaderPersonId: mikko.personId, messageId: newMessageId(), attachments });
    assert.deepEqual(
      linked.map((l) => l.contentType),
      ['application/vnd.oasis.opendocument.text', 'application/vnd.ms-excel', 'text/csv', 'application/vnd.ms-excel', 'application/msword'],
    );
  });

  it('rejects bytes that are not what the Content-Type says: 400 at path file, nothing stored, never linked', async () => {
    const { key, url } = await ticket(mikko);
    const before = filesOnDisk();
    const res = await put(url, png(), { contentType: PDF });
    assert.equal(res.statusCode, 400);
    const body = validationErrorSchema.parse(res.json());
    assert.deepEqual(body.details.map((d) => d.path), ['file']);
    assert.match(body.details[0]!.message, /does not match/);
    const row = await rowOf(key);
    assert.equal(row.status, 'rejected');
    assert.equal(row.detectedContentType, PNG);
    assert.deepEqual(filesOnDisk(), before);
    await linkFails(
      linkAttachments(db(), storage(), { uploaderPersonId: mikko.personId, messageId: newMessageId(), attachments: [{ key, fileName: 'x.png', contentType: PNG }] }),
      'type-not-allowed',
      'attachments.0',
    );
    // one upload per ticket, also after a rejection
    assert.equal((await put(url, png(), { contentType: PNG })).statusCode, 403);
  });

  for (const [name, bytes] of [
    ['a Windows executable', exe()],
    ['a Linux executable', elf()],
  ] as const) {
    it(`rejects ${name} sent as image/png, and without a Content-Type`, async () => {
      for (const contentType of [PNG, null]) {
        const { key, url } = await ticket(mikko);
        const res = await put(url, bytes, { contentType });
        assert.equal(res.statusCode, 400, res.body);
        assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path), ['file']);
        assert.equal((await rowOf(key)).status, 'rejected');
        assert.equal(existsSync(path.join(attachmentsDir(), key)), false);
      }
    });
  }

  it('rejects text declared as a type that is not allowed, text with NUL bytes, invalid UTF-8 and an empty body', async () => {
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html'],
      [Buffer.from('abc\u0000def'), 'text/plain'],
      [Buffer.from([0x68, 0x65, 0xc3, 0x28, 0x6c]), 'text/plain'],
      [Buffer.alloc(0), 'text/plain'],
    ];
    for (const [bytes, contentType] of cases) {
      const { key, url } = await ticket(mikko);
      const res = await put(url, bytes, { contentType });
      assert.equal(res.statusCode, 400, `${contentType}: ${res.body}`);
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path), ['file']);
      assert.equal((await rowOf(key)).status, 'rejected');
    }
  });

  it('answers a body over 9437184 bytes with 413 and a ValidationError, and keeps the ticket unused', async () => {
    const { key, url } = await ticket(mikko);
    const res = await put(url, Buffer.alloc(ATTACHMENT_MAX_TOTAL_BYTES + 1, 0x61), { contentType: 'text/plain' });
    assert.equal(res.statusCode, 413);
    const body = validationErrorSchema.parse(res.json());
    assert.deepEqual(body.details.map((d) => d.path), ['file']);
    assert.match(body.details[0]!.message, /too large/);
    assert.equal((await rowOf(key)).status, 'pending');
    assert.equal(existsSync(path.join(attachmentsDir(), key)), false);
  });

  it('accepts exactly 9437184 bytes', async () => {
    const key = await upload(Buffer.alloc(ATTACHMENT_MAX_TOTAL_BYTES, 0x61), 'text/plain');
    assert.equal((await rowOf(key)).sizeBytes, ATTACHMENT_MAX_TOTAL_BYTES);
  });

  it('refuses a PUT without a session (401) or without the right csrfToken (403), and stores nothing', async () => {
    const { key, url } = await ticket(mikko);
    const anonymous = await put(url, png(), { caller: null, contentType: PNG });
    assert.equal(anonymous.statusCode, 401);
    assert.equal(apiErrorSchema.parse(anonymous.json()).type, 'Unauthorized');
    const noCsrf = await put(url, png(), { csrfToken: null, contentType: PNG });
    assert.equal(noCsrf.statusCode, 403);
    assert.equal(apiErrorSchema.parse(noCsrf.json()).type, 'CsrfTokenInvalid');
    const wrongCsrf = await put(url, png(), { csrfToken: aino.csrfToken, contentType: PNG });
    assert.equal(wrongCsrf.statusCode, 403);
    assert.equal(apiErrorSchema.parse(wrongCsrf.json()).type, 'CsrfTokenInvalid');
    assert.equal((await rowOf(key)).status, 'pending');
    assert.equal(existsSync(path.join(attachmentsDir(), key)), false);
    // the ticket still works for its owner
    assert.equal((await put(url, png(), { contentType: PNG })).statusCode, 200);
  });

  it('refuses another person’s upload to my ticket (403)', async () => {
    const { key, url } = await ticket(mikko);
    const res = await put(url, png(), { caller: aino, contentType: PNG });
    assert.equal(res.statusCode, 403);
    assert.equal(apiErrorSchema.parse(res.json()).type, 'Forbidden');
    assert.equal((await rowOf(key)).status, 'pending');
  });

  it('answers a tampered or expired signature with 403', async () => {
    const { key, url } = await ticket(mikko);
    const parsed = new URL(url, 'http://portal.test');
    const signature = parsed.searchParams.get('signature') ?? '';
    const tamperedSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const variants = [
      url.replace(`signature=${encodeURIComponent(signature)}`, `signature=${encodeURIComponent(tamperedSignature)}`),
      url.replace(/expires=(\d+)/, (_m, s: string) => `expires=${Number(s) + 3600}`),
      url.replace(`/upload/${key}`, `/upload/${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`),
      url.replace(/&?signature=[^&]*/, ''),
    ];
    for (const variant of variants) {
      const res = await put(variant, png(), { contentType: PNG });
      assert.equal(res.statusCode, 403, variant);
      assert.equal(apiErrorSchema.parse(res.json()).type, 'Forbidden');
    }
    assert.equal((await rowOf(key)).status, 'pending');

    const old = await ticket(mikko, new Date(Date.now() - 16 * 60_000));
    const expired = await put(old.url, png(), { contentType: PNG });
    assert.equal(expired.statusCode, 403);
    assert.equal((await rowOf(old.key)).status, 'pending');
  });

  it('accepts one upload per ticket', async () => {
    const { key, url } = await ticket(mikko);
    assert.equal((await put(url, png(), { contentType: PNG })).statusCode, 200);
    const again = await put(url, exe(), { contentType: PNG });
    assert.equal(again.statusCode, 403);
    assert.equal((await rowOf(key)).detectedContentType, PNG);
  });
});

describe('linkAttachments', () => {
  const link = (caller: SignedInCaller, attachments: OutgoingAttachment[], messageId = newMessageId(), database: Database = db()) =>
    linkAttachments(database, storage(), { uploaderPersonId: caller.personId, messageId, attachments });

  it('links nothing when the files together are over 9437184 bytes', async () => {
    const half = Buffer.alloc(ATTACHMENT_MAX_TOTAL_BYTES / 2, 0x61);
    const a = await upload(half, 'text/plain');
    const b = await upload(Buffer.concat([half, Buffer.from('b')]), 'text/plain');
    const attachments = [
      { key: a, fileName: 'a.txt', contentType: 'text/plain' },
      { key: b, fileName: 'b.txt', contentType: 'text/plain' },
    ];
    const err = await linkFails(link(mikko, attachments), 'too-large', 'attachments');
    assert.match(err.message, /9MB/);
    assert.deepEqual([(await rowOf(a)).status, (await rowOf(b)).status], ['uploaded', 'uploaded']);

    // exactly the limit is fine, and a later link to the same message counts what it has
    const messageId = newMessageId();
    await link(mikko, [attachments[0]!], messageId);
    const c = await upload(Buffer.from('c'), 'text/plain');
    const extra = await upload(half, 'text/plain');
    await linkFails(
      link(mikko, [{ key: extra, fileName: 'x.txt', contentType: 'text/plain' }, { key: c, fileName: 'c.txt', contentType: 'text/plain' }], messageId),
      'too-large',
      'attachments',
    );
    await link(mikko, [{ key: extra, fileName: 'x.txt', contentType: 'text/plain' }], messageId);
    assert.equal((await attachmentsForMessages(db(), [messageId])).get(messageId)?.length, 2);
  });

  it('answers another person’s key as not-found and links none of the list', async () => {
    const mine = await upload(png(), PNG);
    const theirs = await upload(pdf(), PDF, aino);
    await linkFails(
      link(mikko, [
        { key: mine, fileName: 'a.png', contentType: PNG },
        { key: theirs, fileName: 'b.pdf', contentType: PDF },
      ]),
      'not-found',
      'attachments.1',
    );
    assert.equal((await rowOf(mine)).status, 'uploaded');
    assert.equal((await rowOf(theirs)).status, 'uploaded');
    await linkFails(link(mikko, [{ key: 'A'.repeat(32), fileName: 'a.png', contentType: PNG }]), 'not-found', 'attachments.0');
  });

  it('says not-uploaded for a ticket without a file, and not-found for a file already sent', async () => {
    const { key } = await ticket(mikko);
    await linkFails(link(mikko, [{ key, fileName: 'a.png', contentType: PNG }]), 'not-uploaded', 'attachments.0');
    const sent = await upload(png(), PNG);
    await link(mikko, [{ key: sent, fileName: 'a.png', contentType: PNG }]);
    await linkFails(link(mikko, [{ key: sent, fileName: 'a.png', contentType: PNG }]), 'not-found', 'attachments.0');
  });

  it('checks the name and the declared type against the bytes', async () => {
    const key = await upload(png(), null);
    const wrong: Array<[string, string]> = [
      ['kuva.pdf', PNG], // a PNG named .pdf
      ['kuva.png', PDF], // declared as something it is not
      ['kuva.png', 'text/html'], // not an allowed type
      ['kuva.exe', PNG],
      ['kuva', PNG],
    ];
    for (const [fileName, contentType] of wrong) {
      await linkFails(link(mikko, [{ key, fileName, contentType }]), 'type-not-allowed', 'attachments.0');
    }
    const [linked] = await link(mikko, [{ key, fileName: 'kuva.png', contentType: '' }]);
    assert.equal(linked?.contentType, PNG);
  });

  it('refuses malformed input with code invalid and the field path', async () => {
    const key = await upload(png(), PNG);
    await linkFails(link(mikko, [{ key, fileName: '../../etc/passwd.png', contentType: PNG }]), 'invalid', 'attachments.0.fileName');
    await linkFails(link(mikko, [{ key: '../x', fileName: 'a.png', contentType: PNG }]), 'invalid', 'attachments.0.key');
    await linkFails(
      link(mikko, [
        { key, fileName: 'a.png', contentType: PNG },
        { key, fileName: 'b.png', contentType: PNG },
      ]),
      'invalid',
      'attachments.1.key',
    );
    assert.equal((await rowOf(key)).status, 'uploaded');
  });

  it('refuses uploads older than a day', async () => {
    const key = await upload(png(), PNG);
    await linkFails(
      linkAttachments(
        db(),
        storage(),
        { uploaderPersonId: mikko.personId, messageId: newMessageId(), attachments: [{ key, fileName: 'a.png', contentType: PNG }] },
        new Date(Date.now() + UNLINKED_ATTACHMENT_TTL_MS + 60_000),
      ),
      'not-found',
      'attachments.0',
    );
  });

  it('works inside the caller’s transaction: a rollback leaves the files unlinked', async () => {
    const key = await upload(png(), PNG);
    const messageId = newMessageId();
    await assert.rejects(
      db().transaction(async (tx) => {
        const linked = await link(mikko, [{ key, fileName: 'a.png', contentType: PNG }], messageId, tx as unknown as Database);
        assert.equal(linked.length, 1);
        throw new Error('the message insert failed');
      }),
      /the message insert failed/,
    );
    assert.equal((await rowOf(key)).status, 'uploaded');
    await db().transaction(async (tx) => {
      await link(mikko, [{ key, fileName: 'a.png', contentType: PNG }], messageId, tx as unknown as Database);
    });
    assert.equal((await rowOf(key)).status, 'linked');
  });

  it('links nothing for an empty list', async () => {
    assert.deepEqual(await link(mikko, []), []);
  });
});

describe('downloads', () => {
  async function linkedFile(bytes: Buffer, contentType: string, fileName: string) {
    const key = await upload(bytes, contentType);
    const [linked] = await linkAttachments(db(), storage(), {
      uploaderPersonId: mikko.personId,
      messageId: newMessageId(),
      attachments: [{ key, fileName, contentType }],
    });
    assert.ok(linked);
    return linked;
  }

  it('serves a linked file as a download with its checked type and name, to anyone holding the URL', async () => {
    const bytes = pdf();
    const linked = await linkedFile(bytes, PDF, 'Lähete "röntgen" 1/2.pdf'.replace('/', '-'));
    const url = await downloadUrl(db(), storage(), linked.id);
    assert.ok(url);
    const res = await t.app.inject({ url });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.rawPayload, bytes);
    assert.equal(res.headers['content-type'], PDF);
    assert.equal(res.headers['content-disposition'], contentDisposition('Lähete "röntgen" 1-2.pdf'));
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="L_hete _r_ntgen_ 1-2\.pdf"; filename\*=UTF-8''L%C3%A4hete%20%22r%C3%B6ntgen%22%201-2\.pdf$/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.match(String(res.headers['cache-control']), /no-store/);
    assert.match(String(res.headers['content-security-policy']), /sandbox/);
  });

  it('refuses a tampered, renamed or expired download URL (403)', async () => {
    const linked = await linkedFile(png(), PNG, 'kuva.png');
    const url = await downloadUrl(db(), storage(), linked.id);
    assert.ok(url);
    const renamed = url.replace('name=kuva.png', 'name=kuva.html');
    const tampered = url.replace(/signature=([^&]{4})/, 'signature=AAAA');
    for (const variant of [renamed, tampered]) {
      const res = await t.app.inject({ url: variant });
      assert.equal(res.statusCode, 403, variant);
    }
    const old = await downloadUrl(db(), storage(), linked.id, new Date(Date.now() - 5 * 60_000 - 2000));
    assert.ok(old);
    const expired = await t.app.inject({ url: old });
    assert.equal(expired.statusCode, 403);
    assert.equal(apiErrorSchema.parse(expired.json()).type, 'Forbidden');
  });

  it('gives no URL for an attachment that is not linked', async () => {
    const key = await upload(png(), PNG);
    const row = await rowOf(key);
    assert.equal(await downloadUrl(db(), storage(), row.id), null);
    assert.equal(await downloadUrl(db(), storage(), 2_000_000_000), null);
  });
});

describe('storage straight from the browser (S3): checked when linked', () => {
  /** An in-memory stand-in for S3 with the adapter's contract: uploads, sealing, final files. */
  function directStorage() {
    const uploads = new Map<string, Buffer>();
    const finals = new Map<string, Buffer>();
    const fake: AttachmentStorage & { browserPut(key: string, bytes: Buffer): void; finals: Map<string, Buffer> } = {
      kind: 's3',
      finals,
      browserPut: (key, bytes) => void uploads.set(key, bytes),
      uploadUrl: async (key) => `https://bucket.example/uploads/${key}?X-Amz-Signature=x`,
      downloadUrl: async (key) => `https://bucket.example/final/${key}?X-Amz-Signature=y`,
      async seal(key, maxBytes) {
        const uploaded = uploads.get(key);
        if (!uploaded) {
          const sealed = finals.get(key);
          return sealed ? { size: sealed.length } : null;
        }
        if (uploaded.length > maxBytes) return { size: uploaded.length };
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

  it('links a good file and refuses missing, mislabelled, executable and oversized ones', async () => {
    const s3 = directStorage();
    const newTicket = () => createUploadTicket(db(), s3, { uploaderPersonId: mikko.personId });
    const link = (attachments: OutgoingAttachment[]) =>
      linkAttachments(db(), s3, { uploaderPersonId: mikko.personId, messageId: newMessageId(), attachments });

    const missing = await newTicket();
    assert.match(missing.url, /^https:\/\/bucket\.example\//);
    await linkFails(link([{ key: missing.key, fileName: 'a.pdf', contentType: PDF }]), 'not-uploaded', 'attachments.0');

    const good = await newTicket();
    s3.browserPut(good.key, pdf());
    const exeAsPng = await newTicket();
    s3.browserPut(exeAsPng.key, exe());
    await linkFails(
      link([
        { key: good.key, fileName: 'a.pdf', contentType: PDF },
        { key: exeAsPng.key, fileName: 'b.png', contentType: PNG },
      ]),
      'type-not-allowed',
      'attachments.1',
    );
    assert.equal((await rowOf(good.key)).status, 'pending');

    const pngAsPdf = await newTicket();
    s3.browserPut(pngAsPdf.key, png());
    await linkFails(link([{ key: pngAsPdf.key, fileName: 'b.pdf', contentType: PDF }]), 'type-not-allowed', 'attachments.0');

    const huge = await newTicket();
    s3.browserPut(huge.key, Buffer.alloc(ATTACHMENT_MAX_TOTAL_BYTES + 1, 0x61));
    await linkFails(link([{ key: huge.key, fileName: 'c.txt', contentType: 'text/plain' }]), 'too-large', 'attachments.0');

    const [linked] = await link([{ key: good.key, fileName: 'a.pdf', contentType: PDF }]);
    assert.equal(linked?.contentType, PDF);
    const row = await rowOf(good.key);
    assert.equal(row.status, 'linked');
    assert.equal(row.detectedContentType, PDF);
    assert.equal(row.sizeBytes, pdf().length);
    // what was checked is what is served: the sealed copy, beyond the upload URL's reach
    s3.browserPut(good.key, exe());
    assert.deepEqual(s3.finals.get(good.key), pdf());
  });

  it('purges what was never sent, files first', async () => {
    const s3 = directStorage();
    const stale = await createUploadTicket(db(), s3, { uploaderPersonId: mikko.personId }, new Date(Date.now() - UNLINKED_ATTACHMENT_TTL_MS - 60_000));
    s3.browserPut(stale.key, pdf());
    await s3.seal(stale.key, ATTACHMENT_MAX_TOTAL_BYTES);
    const fresh = await createUploadTicket(db(), s3, { uploaderPersonId: mikko.personId });
    const purged = await purgeStaleAttachments(db(), s3);
    assert.ok(purged >= 1);
    assert.equal(s3.finals.has(stale.key), false);
    const left = await db().select({ key: messageAttachments.key }).from(messageAttachments).where(inArray(messageAttachments.key, [stale.key, fresh.key]));
    assert.deepEqual(left.map((r) => r.key), [fresh.key]);
  });
});

describe('the S3 adapter’s presigned URLs', () => {
  const s3 = createS3Storage({
    kind: 's3',
    bucket: 'portal-attachments',
    region: 'eu-north-1',
    endpoint: 'https://s3.example.test',
    forcePathStyle: true,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  });
  const key = 'abcdefghijklmnopqrstuvwxyz012_-9';

  it('PUT: the upload object, 15 minutes, no checksum of an empty body baked in', async () => {
    const url = new URL(await s3.uploadUrl(key, new Date(Date.now() + 15 * 60_000)));
    assert.equal(url.origin, 'https://s3.example.test');
    assert.equal(url.pathname, `/portal-attachments/message-attachments/uploads/${key}`);
    assert.ok(url.searchParams.get('X-Amz-Signature'));
    assert.ok(Math.abs(Number(url.searchParams.get('X-Amz-Expires')) - 900) <= 1);
    assert.equal([...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith('x-amz-checksum') || k === 'x-amz-sdk-checksum-algorithm'), false);
  });

  it('GET: the sealed object, as an attachment with a UTF-8 name and the checked type', async () => {
    const url = new URL(await s3.downloadUrl(key, { fileName: 'Lähete.pdf', contentType: PDF }, new Date(Date.now() + 5 * 60_000)));
    assert.equal(url.pathname, `/portal-attachments/message-attachments/final/${key}`);
    assert.equal(url.searchParams.get('response-content-disposition'), `attachment; filename="L_hete.pdf"; filename*=UTF-8''L%C3%A4hete.pdf`);
    assert.equal(url.searchParams.get('response-content-type'), PDF);
    assert.ok(Math.abs(Number(url.searchParams.get('X-Amz-Expires')) - 300) <= 1);
  });
});

describe('loadStorageConfig', () => {
  it('is local disk by default', () => {
    assert.deepEqual(loadStorageConfig({}), { kind: 'local', urlSecret: null });
    assert.deepEqual(loadStorageConfig({ S3_BUCKET: '', ATTACHMENT_URL_SECRET: 'x'.repeat(32) }), { kind: 'local', urlSecret: 'x'.repeat(32) });
  });

  it('is S3 when a bucket is set', () => {
    assert.deepEqual(
      loadStorageConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'attachments',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
      {
        kind: 's3',
        bucket: 'attachments',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
        urlSecret: null,
      },
    );
    assert.deepEqual(loadStorageConfig({ S3_BUCKET: 'attachments', S3_REGION: 'eu-north-1' }), {
      kind: 's3',
      bucket: 'attachments',
      region: 'eu-north-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      urlSecret: null,
    });
  });

  it('names what is wrong without echoing secrets', () => {
    const cases: Array<Record<string, string>> = [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      { S3_BUCKET: 'attachments', S3_ACCESS_KEY_ID: 'only-the-id' },
      { S3_BUCKET: 'attachments', S3_ENDPOINT: 'not a url' },
      { S3_BUCKET: 'attachments', S3_FORCE_PATH_STYLE: 'maybe' },
      { ATTACHMENT_URL_SECRET: 'short-secret-value' },
    ];
    for (const env of cases) {
      assert.throws(
        () => loadStorageConfig(env),
        (err: unknown) => err instanceof ConfigError && !err.message.includes('short-secret-value') && !err.message.includes('only-the-id'),
      );
    }
  });
});

describe('URL signing secret', () => {
  it('is one secret for every instance on the database, unless ATTACHMENT_URL_SECRET is set', async () => {
    const one = createUrlSigner(db(), null);
    const two = createUrlSigner(db(), null);
    const signature = await one.sign(['upload', 'k', '1']);
    assert.equal(await two.sign(['upload', 'k', '1']), signature);
    assert.equal(await two.verify(['upload', 'k', '1'], signature), true);
    assert.equal(await two.verify(['upload', 'k', '2'], signature), false);
    const configured = createUrlSigner(db(), 'y'.repeat(32));
    assert.notEqual(await configured.sign(['upload', 'k', '1']), signature);
  });
});

describe('content check', () => {
  it('covers exactly the shared lists of extensions and types', () => {
    assert.deepEqual([...FORMAT_EXTENSIONS].sort(), [...ATTACHMENT_EXTENSIONS].sort());
    assert.deepEqual([...FORMAT_CONTENT_TYPES].sort(), [...ATTACHMENT_CONTENT_TYPES].sort());
  });

  it('detects by bytes, not by name', async () => {
    assert.equal(await detectContentType(png(), true), PNG);
    assert.equal(await detectContentType(docx().subarray(0, 4100), false), DOCX);
    assert.equal(await detectContentType(exe(), true), 'application/x-msdownload');
    assert.equal(await detectContentType(elf(), true), 'application/x-elf');
    assert.equal(await detectContentType(cfb(), true), 'application/x-cfb');
    assert.equal(await detectContentType(Buffer.alloc(0), true), null);
    assert.equal(await detectContentType(Buffer.from([0x01, 0x02, 0x03, 0x00, 0x9f, 0x80]), true), null);
  });

  it('forgives a multi-byte character cut at the end of a prefix, not of a whole file', async () => {
    const text = Buffer.from('ääää', 'utf8').subarray(0, 7);
    assert.equal(await detectContentType(text, false), 'text/plain');
    assert.equal(await detectContentType(text, true), null);
  });

  it('pairs bytes, declared type and extension', () => {
    assert.deepEqual(checkUpload(PNG, PNG), { ok: true });
    assert.deepEqual(checkUpload(PNG, null), { ok: true });
    assert.deepEqual(checkUpload(PNG, PDF), { ok: false, reason: 'content-mismatch' });
    assert.deepEqual(checkUpload('application/x-msdownload', PNG), { ok: false, reason: 'type-not-allowed' });
    assert.deepEqual(checkUpload('text/plain', 'image/svg+xml'), { ok: false, reason: 'type-not-allowed' });
    assert.deepEqual(checkAttachment('application/x-cfb', '', 'vanha.docx'), { ok: true, contentType: DOCX });
    assert.deepEqual(checkAttachment('application/x-cfb', '', 'vanha.doc'), { ok: false });
    assert.deepEqual(checkAttachment('text/plain', '', 'x.text'), { ok: true, contentType: 'text/plain' });
    assert.deepEqual(checkAttachment('image/jpeg', 'image/jpeg', 'x.JPE'), { ok: true, contentType: 'image/jpeg' });
    assert.deepEqual(checkAttachment('image/tiff', 'image/tiff', 'x.jpg'), { ok: false });
  });
});

describe('logs', () => {
  it('never carry the URLs’ signatures or the file names', async () => {
    const logLines: string[] = [];
    const logged = await createAttachmentsApp({ logLines });
    try {
      const caller = await signIn(logged.app, PERSONAS.mikko);
      const { key, url } = await createUploadTicket(logged.app.db, logged.app.attachmentStorage, { uploaderPersonId: caller.personId });
      const signature = new URL(url, 'http://portal.test').searchParams.get('signature') ?? '';
      const bad = await logged.app.inject({
        method: 'PUT',
        url: `${url}&csrfToken=${encodeURIComponent(caller.csrfToken)}`,
        headers: { ...caller.headers, 'content-type': PNG },
        payload: exe(),
      });
      assert.equal(bad.statusCode, 400);
      const { key: key2, url: url2 } = await createUploadTicket(logged.app.db, logged.app.attachmentStorage, { uploaderPersonId: caller.personId });
      const good = await logged.app.inject({
        method: 'PUT',
        url: `${url2}&csrfToken=${encodeURIComponent(caller.csrfToken)}`,
        headers: { ...caller.headers, 'content-type': PNG },
        payload: png(),
      });
      assert.equal(good.statusCode, 200);
      const [linked] = await linkAttachments(logged.app.db, logged.app.attachmentStorage, {
        uploaderPersonId: caller.personId,
        messageId: newMessageId(),
        attachments: [{ key: key2, fileName: 'salainen-nimi.png', contentType: PNG }],
      });
      const download = await downloadUrl(logged.app.db, logged.app.attachmentStorage, linked!.id);
      assert.equal((await logged.app.inject({ url: download! })).statusCode, 200);
      const log = logLines.join('\n');
      assert.ok(logLines.length > 0);
      for (const secret of [signature, new URL(download!, 'http://portal.test').searchParams.get('signature') ?? '', 'salainen-nimi', key]) {
        assert.equal(log.includes(secret), false, `the log contains ${secret}`);
      }
    } finally {
      await logged.close();
    }
  });
});
