import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { messagingMessages, messagingThreads, messagingUsers } from './schema';

/**
 * The messages of the subject's conversations as "Download my data" (account/data-access/
 * fhir-export.ts) maps them to FHIR, read here because the tables are this module's. Null: the
 * person has no messaging user. `customerUserId` tells the patient's own messages from the others'.
 */
export async function messagesForExport(db: Database, personId: string) {
  const [customer] = await db
    .select({ id: messagingUsers.id })
    .from(messagingUsers)
    .where(and(eq(messagingUsers.personId, personId), eq(messagingUsers.userType, 'CustomerUser')));
  if (!customer) return null;
  const messages = await db
    .select({
      id: messagingMessages.id,
      threadId: messagingThreads.id,
      title: messagingThreads.title,
      createdAt: messagingMessages.createdAt,
      content: messagingMessages.content,
      deletedAt: messagingMessages.deletedAt,
      authorId: messagingUsers.id,
      authorFirstName: messagingUsers.firstName,
      authorLastName: messagingUsers.lastName,
    })
    .from(messagingMessages)
    .innerJoin(messagingThreads, eq(messagingThreads.id, messagingMessages.threadId))
    .innerJoin(messagingUsers, eq(messagingUsers.id, messagingMessages.authorUserId))
    .where(eq(messagingThreads.customerUserId, customer.id))
    .orderBy(asc(messagingThreads.id), asc(messagingMessages.createdAt), asc(messagingMessages.id));
  return { customerUserId: customer.id, messages };
}
