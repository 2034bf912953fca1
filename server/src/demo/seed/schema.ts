import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Found by drizzle-kit's schema glob (server/drizzle.config.ts: ./src/**/schema.ts) wherever it lives:
// moving it here from src/seed/ changed no table and needs no migration.

/** One row once the demo world is seeded, so restarting on an existing data folder keeps its data. */
export const seedMarker = pgTable('seed_marker', {
  id: text('id').primaryKey(),
  version: text('version').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
