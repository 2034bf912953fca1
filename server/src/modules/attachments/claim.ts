import { and, eq, ne } from 'drizzle-orm';
import { ATTACHMENT_MAX_TOTAL_BYTES } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { checkUpload, CONTENT_SNIFF_BYTES, detectContentType } from './content-check';
import { messageAttachments } from './schema';
import { UNLINKED_ATTACHMENT_TTL_MS } from './service';
import type { AttachmentStorage } from './storage';

/**
 * Why an upload could not be claimed. 'not-found': no such key, someone else's, already sent or
 * claimed, or expired; 'not-uploaded': nothing arrived; 'rejected': the bytes are not an allowed
 * attachment format or not what the upload declared; 'too-large': over the storage's one-file limit.
 */
export type ClaimRefusal = 'not-found' | 'not-uploaded' | 'rejected' | 'too-large';

export type ClaimResult =
  | { ok: true; key: string; detectedContentType: string; declaredContentType: string | null; sizeBytes: number }
  | { ok: false; reason: ClaimRefusal };

/**
 * For a module that keeps an uploaded file itself instead of sending it with a message (the Kela
 * card): takes the upload of a ticket made by createUploadTicket out of the message attachments.
 * The bytes are sealed and checked like a message's (the local PUT route checked them already; S3
 * uploads are sealed and sniffed here), then the attachment row is deleted, so the stale-upload
 * purge never removes the file: from here on the caller owns `key` in the storage and deletes it
 * when it is no longer needed. A refused upload keeps its row (the purge removes it and its bytes).
 * Run it in the caller's transaction: the row is locked, so a ticket is claimed at most once.
 */
export async function claimUpload(
  db: Database,
  storage: AttachmentStorage,
  input: { key: string; uploaderPersonId: string },
  now: Date = new Date(),
): Promise<ClaimResult> {
  const [row] = await db.select().from(messageAttachments).where(eq(messageAttachments.key, input.key)).for('update');
  if (!row || row.uploaderPersonId !== input.uploaderPersonId || row.status === 'linked') return { ok: false, reason: 'not-found' };
  if (row.createdAt.getTime() + UNLINKED_ATTACHMENT_TTL_MS < now.getTime()) return { ok: false, reason: 'not-found' };
  if (row.status === 'rejected') return { ok: false, reason: 'rejected' };

  let detected = row.detectedContentType;
  let size = row.sizeBytes;
  if (row.status === 'pending') {
    // Local uploads arrive through the attachments PUT route, which marks them uploaded.
    if (storage.kind === 'local') return { ok: false, reason: 'not-uploaded' };
    const sealed = await storage.seal(row.key, ATTACHMENT_MAX_TOTAL_BYTES);
    if (!sealed) return { ok: false, reason: 'not-uploaded' };
    if (sealed.size > ATTACHMENT_MAX_TOTAL_BYTES) return { ok: false, reason: 'too-large' };
    const head = await storage.readHead(row.key, CONTENT_SNIFF_BYTES);
    if (!head) return { ok: false, reason: 'not-uploaded' };
    detected = await detectContentType(head, head.length >= sealed.size);
    size = sealed.size;
    if (detected === null || !checkUpload(detected, null).ok) return { ok: false, reason: 'rejected' };
  }
  if (detected === null || size === null) return { ok: false, reason: 'not-uploaded' };
  if (size > ATTACHMENT_MAX_TOTAL_BYTES) return { ok: false, reason: 'too-large' };

  const deleted = await db
    .delete(messageAttachments)
    .where(and(eq(messageAttachments.id, row.id), ne(messageAttachments.status, 'linked')))
    .returning({ id: messageAttachments.id });
  if (deleted.length === 0) return { ok: false, reason: 'not-found' };
  return { ok: true, key: row.key, detectedContentType: detected, declaredContentType: row.declaredContentType, sizeBytes: size };
}
