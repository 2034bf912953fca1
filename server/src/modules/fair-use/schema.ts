import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of API calls per session or client, shared by every server instance (the
 * server keeps no state of its own: a caller spread over instances meets one limit).
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
