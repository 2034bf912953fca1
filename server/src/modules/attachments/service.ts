import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { ATTACHMENT_MAX_TOTAL_BYTES, outgoingAttachmentSchema, type OutgoingAttachment } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { checkAttachment, checkUpload, CONTENT_SNIFF_BYTES, detectContentType } from './content-check';
import { messageAttachments } from './schema';
import type { AttachmentStorage } from './storage';

/** How long an upload URL may be used (the ticket's expiry). */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;
/** How long a download URL works. */
export const DOWNLOAD_URL_TTL_MS = 5 * 60_000;
/**
 * An upload not sent with a message within this time (from its ticket) can no longer be linked and
 * is purged: the patient may write for a while after choosing the files, but not for days.
 */
export const UNLINKED_ATTACHMENT_TTL_MS = 24 * 60 * 60_000;

export type AttachmentErrorCode = 'not-found' | 'type-not-allowed' | 'too-large' | 'not-uploaded' | 'invalid';

const MESSAGES: Record<AttachmentErrorCode, string> = {
  'not-found': 'The attachment was not found. Attach the file again.',
  'type-not-allowed': 'This file type is not allowed.',
  // spec part 1 §8
  'too-large': 'Attachment file is too large. Maximum attachment size is 9MB.',
  'not-uploaded': 'The attachment has not been uploaded yet.',
  invalid: 'The attachment is not valid.',
};

/**
 * Why attachments could not be linked. `path` names the input, e.g. `attachments.1` (or
 * `attachments` when only the total is too large); `message` may be shown to the patient as is.
 * 'invalid': the input itself is malformed (key format, file name) — the messaging module's own
 * validation with outgoingAttachmentSchema normally catches that first.
 */
export class AttachmentError extends Error {
  constructor(
    readonly code: AttachmentErrorCode,
    readonly path: string,
    message: string = MESSAGES[code],
  ) {
    super(message);
    this.name = 'AttachmentError';
  }
}

export interface UploadTicket {
  /** goes back in SendMessage's attachments[].key */
  key: string;
  /** PUT the file here with its Content-Type; a root-relative URL is this server (add ?csrfToken=) */
  url: string;
  expiresAt: Date;
}

/** What a message shows of an attachment (spec part 1 §3 Message attachments). */
export interface LinkedAttachment {
  id: number;
  fileName: string;
  contentType: string;
}

const newKey = () => randomBytes(24).toString('base64url');

/**
 * CreateAttachmentUpload: a pending attachment row of the uploader and a URL to PUT the file to,
 * valid for 15 minutes. The caller has checked that the person may send messages.
 */
export async function createUploadTicket(
  db: Database,
  storage: AttachmentStorage,
  input: { uploaderPersonId: string },
  now: Date = new Date(),
): Promise<UploadTicket> {
  const key = newKey();
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
  await db.insert(messageAttachments).values({ key, uploaderPersonId: input.uploaderPersonId, status: 'pending', createdAt: now, expiresAt });
  return { key, url: await storage.uploadUrl(key, expiresAt), expiresAt };
}

type Row = typeof messageAttachments.$inferSelect;

interface Checked {
  row: Row;
  fileName: string;
  contentType: string;
  detected: string;
  size: number;
}

/**
 * The bytes of a pending upload that went straight to the storage (S3): sealed against later PUTs,
 * then checked like the local PUT route checks them.
 */
async function checkDirectUpload(storage: AttachmentStorage, row: Row, path: string): Promise<{ detected: string; size: number }> {
  const sealed = await storage.seal(row.key, ATTACHMENT_MAX_TOTAL_BYTES);
  if (!sealed) throw new AttachmentError('not-uploaded', path);
  if (sealed.size > ATTACHMENT_MAX_TOTAL_BYTES) throw new AttachmentError('too-large', path);
  const head = await storage.readHead(row.key, CONTENT_SNIFF_BYTES);
  if (!head) throw new AttachmentError('not-uploaded', path);
  const detected = await detectContentType(head, head.length >= sealed.size);
  if (detected === null || !checkUpload(detected, null).ok) throw new AttachmentError('type-not-allowed', path);
  return { detected, size: sealed.size };
}

async function checkOne(storage: AttachmentStorage, input: OutgoingAttachment, row: Row | undefined, uploaderPersonId: string, path: string, now: Date): Promise<Checked> {
  // Someone else's key is reported exactly like a key that does not exist.
  if (!row || row.uploaderPersonId !== uploaderPersonId) throw new AttachmentError('not-found', path);
  if (row.status === 'linked') throw new AttachmentError('not-found', path, 'The attachment has already been sent.');
  if (row.status === 'rejected') throw new AttachmentError('type-not-allowed', path);
  if (row.createdAt.getTime() + UNLINKED_ATTACHMENT_TTL_MS < now.getTime()) {
    throw new AttachmentError('not-found', path, 'The attachment has expired. Attach the file again.');
  }
  let detected = row.detectedContentType;
  let size = row.sizeBytes;
  if (row.status === 'pending') {
    // Local uploads arrive through our PUT route, which marks them uploaded; pending is pending.
    if (storage.kind === 'local') throw new AttachmentError('not-uploaded', path);
    ({ detected, size } = await checkDirectUpload(storage, row, path));
  }
  if (detected === null || size === null) throw new AttachmentError('not-uploaded', path);
  if (size > ATTACHMENT_MAX_TOTAL_BYTES) throw new AttachmentError('too-large', path);
  const verdict = checkAttachment(detected, input.contentType, input.fileName);
  if (!verdict.ok) throw new AttachmentError('type-not-allowed', path);
  return { row, fileName: input.fileName, contentType: verdict.contentType, detected, size };
}

/**
 * SendMessage / SendMessageInNewThread: links the uploaded files to the new message. Every key must
 * be the uploader's, uploaded (with S3: present and passing the content check), not linked yet and
 * not expired; name, declared type and bytes must be one allowed format; the message's files
 * together at most 9437184 bytes. All or nothing: on the first failure it throws AttachmentError
 * and links none. Run it in the transaction that creates the message (pass the transaction as
 * `db`), so a failure also undoes the message. Returns the linked attachments in input order.
 */
export async function linkAttachments(
  db: Database,
  storage: AttachmentStorage,
  input: { uploaderPersonId: string; messageId: number; attachments: readonly OutgoingAttachment[] },
  now: Date = new Date(),
): Promise<LinkedAttachment[]> {
  const { uploaderPersonId, messageId } = input;
  if (input.attachments.length === 0) return [];

  const attachments = input.attachments.map((raw, i) => {
    const parsed = outgoingAttachmentSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ['attachments', i, ...(issue?.path ?? [])].map(String).join('.');
      throw new AttachmentError('invalid', path, issue?.message ?? MESSAGES.invalid);
    }
    return parsed.data;
  });
  const seen = new Set<string>();
  attachments.forEach((a, i) => {
    if (seen.has(a.key)) throw new AttachmentError('invalid', `attachments.${i}.key`, 'The same file is attached twice.');
    seen.add(a.key);
  });

  // Locked until the caller's transaction ends: a concurrent send of the same keys waits, then
  // finds them linked.
  const rows = await db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.key, attachments.map((a) => a.key)))
    .for('update');
  const byKey = new Map(rows.map((r) => [r.key, r]));

  const checked: Checked[] = [];
  for (const [i, attachment] of attachments.entries()) {
    checked.push(await checkOne(storage, attachment, byKey.get(attachment.key), uploaderPersonId, `attachments.${i}`, now));
  }

  const [already] = await db
    .select({ total: sql<string | null>`sum(${messageAttachments.sizeBytes})` })
    .from(messageAttachments)
    .where(and(eq(messageAttachments.messageId, messageId), eq(messageAttachments.status, 'linked')));
  const total = Number(already?.total ?? 0) + checked.reduce((sum, c) => sum + c.size, 0);
  if (total > ATTACHMENT_MAX_TOTAL_BYTES) throw new AttachmentError('too-large', 'attachments');

  const linked: LinkedAttachment[] = [];
  for (const [i, c] of checked.entries()) {
    const [row] = await db
      .update(messageAttachments)
      .set({
        status: 'linked',
        messageId,
        fileName: c.fileName,
        declaredContentType: c.contentType,
        detectedContentType: c.detected,
        sizeBytes: c.size,
        uploadedAt: c.row.uploadedAt ?? now,
      })
      // Without a surrounding transaction the row lock is gone by now: linked twice never happens anyway.
      .where(and(eq(messageAttachments.id, c.row.id), eq(messageAttachments.status, c.row.status), isNull(messageAttachments.messageId)))
      .returning({ id: messageAttachments.id });
    if (!row) throw new AttachmentError('not-found', `attachments.${i}`, 'The attachment has already been sent.');
    linked.push({ id: row.id, fileName: c.fileName, contentType: c.contentType });
  }
  return linked;
}

/**
 * AttachmentDownloadUrl: a URL that downloads a linked attachment for the next 5 minutes; null when
 * there is no such linked attachment. Whether the caller may see it (a participant of the
 * message's thread) is the messaging module's check, made before calling this.
 */
export async function downloadUrl(db: Database, storage: AttachmentStorage, attachmentId: number, now: Date = new Date()): Promise<string | null> {
  if (!Number.isSafeInteger(attachmentId)) return null;
  const [row] = await db
    .select({ key: messageAttachments.key, fileName: messageAttachments.fileName, contentType: messageAttachments.declaredContentType })
    .from(messageAttachments)
    .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.status, 'linked')));
  if (!row?.fileName || !row.contentType) return null;
  return storage.downloadUrl(row.key, { fileName: row.fileName, contentType: row.contentType }, new Date(now.getTime() + DOWNLOAD_URL_TTL_MS));
}

/** The linked attachments of each message (for the GraphQL resolvers), in upload order; messages without any are absent. */
export async function attachmentsForMessages(db: Database, messageIds: readonly number[]): Promise<Map<number, LinkedAttachment[]>> {
  const result = new Map<number, LinkedAttachment[]>();
  if (messageIds.length === 0) return result;
  const rows = await db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.declaredContentType,
    })
    .from(messageAttachments)
    .where(and(inArray(messageAttachments.messageId, [...new Set(messageIds)]), eq(messageAttachments.status, 'linked')))
    .orderBy(asc(messageAttachments.id));
  for (const row of rows) {
    if (row.messageId === null) continue;
    const list = result.get(row.messageId) ?? [];
    list.push({ id: row.id, fileName: row.fileName ?? '', contentType: row.contentType ?? 'application/octet-stream' });
    result.set(row.messageId, list);
  }
  return result;
}

/**
 * Deletes what was never sent (pending, uploaded or rejected and past UNLINKED_ATTACHMENT_TTL_MS):
 * their files first, then their rows. Returns how many. Safe to run on every instance at once.
 */
export async function purgeStaleAttachments(db: Database, storage: AttachmentStorage, now: Date = new Date(), limit = 500): Promise<number> {
  const stale = await db
    .select({ id: messageAttachments.id, key: messageAttachments.key })
    .from(messageAttachments)
    .where(and(ne(messageAttachments.status, 'linked'), lt(messageAttachments.createdAt, new Date(now.getTime() - UNLINKED_ATTACHMENT_TTL_MS))))
    .limit(limit);
  let purged = 0;
  for (const row of stale) {
    await storage.delete(row.key);
    const deleted = await db
      .delete(messageAttachments)
      .where(and(eq(messageAttachments.id, row.id), ne(messageAttachments.status, 'linked')))
      .returning({ id: messageAttachments.id });
    purged += deleted.length;
  }
  return purged;
}
