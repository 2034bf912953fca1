import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database counter store's windows (database.ts): one row per key and fixed window, shared by
 * every server instance. Only the attempt limits count here, and only without REDIS_URL. The table
 * keeps the name it had when it held identification attempts alone (issue 32 moved it here from
 * modules/identity/schema.ts): renaming it would be a migration, and during a rolling deploy the
 * previous version's instances still count in it.
 */
export const counterWindows = pgTable(
  'identity_rate_limits',
  {
    /** the limiter's key, e.g. `attempt:authenticate:203.0.113.7` */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('identity_rate_limits_window_idx').on(t.windowStart)],
);
