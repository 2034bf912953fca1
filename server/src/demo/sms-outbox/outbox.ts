import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index';
import type { SmsGateway } from '../../modules/mfa/index';
// The outbox table stays in mfa's schema.ts, where the migrations were made from.
import { smsOutbox } from '../../modules/mfa/schema';

export interface OutboxMessage {
  phoneNumber: string;
  text: string;
  sentAt: Date;
}

/**
 * The built-in test double: every message lands in the sms_outbox table and nothing leaves the
 * machine. Deterministic and shared by every server instance on the same database.
 */
export function createOutboxSmsGateway(db: Database): SmsGateway {
  return {
    async send(message) {
      await db.insert(smsOutbox).values({ phoneNumber: message.phoneNumber, text: message.text });
    },
  };
}

/** The outbox's messages to one number, newest first. */
export async function readOutbox(db: Database, phoneNumber: string, limit = 20): Promise<OutboxMessage[]> {
  return db
    .select({ phoneNumber: smsOutbox.phoneNumber, text: smsOutbox.text, sentAt: smsOutbox.sentAt })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phoneNumber, phoneNumber)))
    .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.id))
    .limit(limit);
}
