import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { smsOutbox } from './schema';

export interface SmsMessage {
  /** spaces removed */
  phoneNumber: string;
  text: string;
}

/** The SMS gateway adapter (external systems sit behind adapters, with test doubles in the demo: README.md, "Demo personas"). */
export interface SmsGateway {
  send(message: SmsMessage): Promise<void>;
}

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
