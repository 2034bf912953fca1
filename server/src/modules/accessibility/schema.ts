import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Feedback on the portal's accessibility, from the accessibility statement's form (Act on the
 * Provision of Digital Services 306/2019 §17: the feedback channel). Who sent it is not kept, only
 * whether they were signed in: the contact address is there when the sender wants an answer.
 */
export const accessibilityFeedback = pgTable(
  'accessibility_feedback',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    brand: text('brand').notNull(),
    lang: text('lang').notNull(),
    page: text('page'),
    description: text('description').notNull(),
    email: text('email'),
    signedIn: boolean('signed_in').notNull(),
  },
  (t) => [index('accessibility_feedback_created_idx').on(t.createdAt)],
);
