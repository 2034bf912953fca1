import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * No longer written (issue 30): fair use counts on Redis, or in each instance's memory without it,
 * so an API call writes nothing to the database. The table and its migration stay (dropping a table
 * is a migration of its own, and an instance of the previous version may still be running during a
 * rolling deploy); this definition stays with them so that drizzle-kit does not generate a drop.
 */
export const apiRateLimits = pgTable(
  'api_rate_limits',
  {
    /** `session:<session id hash>` or `client:<ip>` */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('api_rate_limits_window_idx').on(t.windowStart)],
);
