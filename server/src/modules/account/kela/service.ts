import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import {
  isKelaMimeType,
  KELA_CARD_IMAGE_PATH,
  KELA_FILE_TYPE_MESSAGE,
  KELA_SIDES,
  type KelaCardResponse,
  type KelaInitUploadRequest,
  type KelaInitUploadResponse,
  type KelaSide,
  type ValidationErrorBody,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import { claimUpload, createUploadTicket, type AttachmentStorage, type ClaimResult } from '../../attachments/index';
import { kelaCards, kelaUploads } from '../schema';

/**
 * The Kela card's storage and checks (spec part 2 §3, §4, §5, §7). The bytes live in the attachment
 * storage (local disk or S3): init-upload takes two upload tickets of the attachments module,
 * finish-upload claims both uploads (sealed and sniffed there), checks that each is the JPEG or PNG
 * it was declared as and makes the pair the person's card. Tokens are stored only as hashes.
 */

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Who acts: the signed-in person uploads (the tickets are theirs), the card is the subject's. */
export interface KelaActor {
  actorPersonId: string;
  subjectPersonId: string;
}

export async function initKelaUpload(
  db: Database,
  storage: AttachmentStorage,
  actor: KelaActor,
  request: KelaInitUploadRequest,
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<KelaInitUploadResponse> {
  const token = randomBytes(32).toString('base64url');
  return withTransaction(db, async (tx) => {
    // Unfinished uploads that can no longer be finished: their tickets' bytes go with the attachments purge.
    await tx.delete(kelaUploads).where(and(eq(kelaUploads.personId, actor.subjectPersonId), lt(kelaUploads.expiresAt, now)));
    const front = await createUploadTicket(tx, storage, { uploaderPersonId: actor.actorPersonId }, now);
    const back = await createUploadTicket(tx, storage, { uploaderPersonId: actor.actorPersonId }, now);
    await tx.insert(kelaUploads).values({
      token: hashToken(token),
      personId: actor.subjectPersonId,
      frontKey: front.key,
      frontMimeType: request.mimetypes.front,
      backKey: back.key,
      backMimeType: request.mimetypes.back,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
    return { front: { url: front.url }, back: { url: back.url }, token };
  });
}

export type FinishOutcome =
  | { kind: 'success' }
  /** the token is unknown, someone else's, used or expired */
  | { kind: 'invalid-token' }
  | { kind: 'refused'; details: ValidationErrorBody['details'] };

const NOT_UPLOADED_MESSAGE = 'The image has not been uploaded.';
const TOO_LARGE_MESSAGE = 'The image file is too large. The maximum size is 9 MB.';

/** The §5 check of one claimed side: the bytes are JPEG or PNG and what init-upload declared (and the PUT said). */
function sideError(claim: ClaimResult, declaredAtInit: string): string | null {
  if (!claim.ok) {
    if (claim.reason === 'rejected') return KELA_FILE_TYPE_MESSAGE;
    if (claim.reason === 'too-large') return TOO_LARGE_MESSAGE;
    return NOT_UPLOADED_MESSAGE;
  }
  if (!isKelaMimeType(claim.detectedContentType) || claim.detectedContentType !== declaredAtInit) return KELA_FILE_TYPE_MESSAGE;
  if (claim.declaredContentType !== null && claim.declaredContentType !== declaredAtInit) return KELA_FILE_TYPE_MESSAGE;
  return null;
}

/**
 * finish-upload: the token is used up whatever happens next. Both sides pass, or neither becomes the
 * card; the replaced card's objects and any claimed but refused object are deleted after the commit.
 */
export async function finishKelaUpload(
  db: Database,
  storage: AttachmentStorage,
  actor: KelaActor,
  token: string,
  now: Date = new Date(),
): Promise<FinishOutcome> {
  const { outcome, obsoleteKeys } = await withTransaction(db, async (tx) => {
    const invalid = { outcome: { kind: 'invalid-token' } as const, obsoleteKeys: [] as string[] };
    // Locked: a second finish-upload of the same token waits, then finds it gone.
    const [upload] = await tx.select().from(kelaUploads).where(eq(kelaUploads.token, hashToken(token))).for('update');
    // Somebody else's token is not used up by the wrong caller.
    if (!upload || upload.personId !== actor.subjectPersonId) return invalid;
    await tx.delete(kelaUploads).where(eq(kelaUploads.token, upload.token));
    if (upload.expiresAt.getTime() < now.getTime()) return invalid;
    const sides = {
      front: { key: upload.frontKey, mimeType: upload.frontMimeType },
      back: { key: upload.backKey, mimeType: upload.backMimeType },
    };
    const claims = {} as Record<KelaSide, ClaimResult>;
    for (const side of KELA_SIDES) {
      claims[side] = await claimUpload(tx, storage, { key: sides[side].key, uploaderPersonId: actor.actorPersonId }, now);
    }
    const details = KELA_SIDES.flatMap((side) => {
      const message = sideError(claims[side], sides[side].mimeType);
      return message ? [{ path: side, message }] : [];
    });
    const claimedKeys = KELA_SIDES.flatMap((side) => (claims[side].ok ? [sides[side].key] : []));
    if (details.length > 0) return { outcome: { kind: 'refused', details } as const, obsoleteKeys: claimedKeys };

    const [previous] = await tx.select().from(kelaCards).where(eq(kelaCards.personId, actor.subjectPersonId)).for('update');
    const card = {
      frontKey: sides.front.key,
      frontMimeType: sides.front.mimeType,
      backKey: sides.back.key,
      backMimeType: sides.back.mimeType,
      updatedAt: now,
    };
    await tx
      .insert(kelaCards)
      .values({ personId: actor.subjectPersonId, ...card })
      .onConflictDoUpdate({ target: kelaCards.personId, set: card });
    return { outcome: { kind: 'success' } as const, obsoleteKeys: previous ? [previous.frontKey, previous.backKey] : [] };
  });
  for (const key of obsoleteKeys) await storage.delete(key);
  return outcome;
}

/** A short, stable fingerprint of an object key: a new card gets new image URLs (no stale cache). */
const versionOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 16);

/** GET /api/kela-card's answer: the portal's own URLs of the saved images, or nulls. */
export async function kelaCardOf(db: Database, subjectPersonId: string): Promise<KelaCardResponse> {
  const [card] = await db.select().from(kelaCards).where(eq(kelaCards.personId, subjectPersonId));
  if (!card) return { imageUrl: { front: null, back: null } };
  const url = (side: KelaSide, key: string) => `${KELA_CARD_IMAGE_PATH}/${side}?${new URLSearchParams({ v: versionOf(key) })}`;
  return { imageUrl: { front: url('front', card.frontKey), back: url('back', card.backKey) } };
}

/** One saved image's bytes and checked type; null when there is no card or its object is gone. */
export async function kelaImageOf(
  db: Database,
  storage: AttachmentStorage,
  subjectPersonId: string,
  side: KelaSide,
): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  const [card] = await db.select().from(kelaCards).where(eq(kelaCards.personId, subjectPersonId));
  if (!card) return null;
  const key = side === 'front' ? card.frontKey : card.backKey;
  const contentType = side === 'front' ? card.frontMimeType : card.backMimeType;
  const stat = await storage.stat(key);
  if (!stat) return null;
  const bytes = await storage.readHead(key, stat.size);
  return bytes ? { contentType, bytes } : null;
}
