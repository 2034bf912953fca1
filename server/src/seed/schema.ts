import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row once the demo world is seeded, so restarting on an existing data folder keeps its data. */
export const seedMarker = pgTable('seed_marker', {
  id: text('id').primaryKey(),
  version: text('version').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
