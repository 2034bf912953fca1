import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { messageAttachments } from './schema';

/**
 * Whether the message whose id is `messageId` (an expression of the caller's statement: messaging's
 * thread and message lists) has a linked attachment: a subquery on this module's table.
 */
export function hasLinkedAttachments(messageId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists(select 1 from ${messageAttachments} where ${messageAttachments.messageId} = ${messageId} and ${messageAttachments.status} = 'linked')`;
}

/** The message an attachment is linked to; null when there is no such attachment or it is linked to none. */
export async function messageOfAttachment(db: Database, attachmentId: number): Promise<number | null> {
  const [row] = await db.select({ messageId: messageAttachments.messageId }).from(messageAttachments).where(eq(messageAttachments.id, attachmentId));
  return row?.messageId ?? null;
}
