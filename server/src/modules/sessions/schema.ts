import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';

/**
 * Signed-in sessions. The cookie carries a random token; only its SHA-256 lives here, so a
 * database read does not give working cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** hex SHA-256 of the cookie token */
    id: text('id').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    actingForPersonId: uuid('acting_for_person_id').references(() => people.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
);
