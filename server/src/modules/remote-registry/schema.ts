import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The remote registry (issue 29): every version of every remote the portal has been given, which of
 * them each remote serves (its release state), who may deploy (tokens), what was done (audit), and
 * how each served version fares in browsers (counters). docs/remote-registry.md describes them.
 */

/** One version of one remote. Never changed once written: a version id names one build for good. */
export const remoteVersions = pgTable(
  'remote_versions',
  {
    remoteId: text('remote_id').notNull(),
    /** the team's id (`2024-06-01.3`, a commit) or `builtin-<hash>` for the build on this server's disk */
    version: text('version').notNull(),
    /** where the browser fetches its mf-manifest.json; root-relative (`/remotes/<id>/…`) for a built-in */
    manifestUrl: text('manifest_url').notNull(),
    /** `sha384-…` of the manifest and of its remoteEntry.js; null for a built-in (served from disk) */
    manifestIntegrity: text('manifest_integrity'),
    entryIntegrity: text('entry_integrity'),
    /** the server-side files (relative path → `sha384-…`) an instance copies before it serves the version */
    serverFiles: jsonb('server_files').$type<Record<string, string>>().notNull().default({}),
    gitCommit: text('git_commit'),
    /** the deploy token's label, or `server start` for a built-in */
    deployedBy: text('deployed_by').notNull(),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.remoteId, t.version] }), index('remote_versions_deployed_idx').on(t.remoteId, t.deployedAt)],
);

/** What one remote serves now. Every change bumps `revision`, which the instances poll. */
export const remoteReleaseStates = pgTable('remote_release_states', {
  remoteId: text('remote_id').primaryKey(),
  activeVersion: text('active_version'),
  /** the version active before the current one (a rollback without a target goes back to it) */
  previousVersion: text('previous_version'),
  canaryVersion: text('canary_version'),
  /** 1–99: visitors whose bucket (0–99) is below it get the canary */
  canaryPercent: integer('canary_percent'),
  revision: integer('revision').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who may deploy: a team's token for its remote, or an operator's (`*`) for every remote. */
export const remoteDeployTokens = pgTable('remote_deploy_tokens', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** a remote id, or `*` */
  remoteId: text('remote_id').notNull(),
  label: text('label').notNull(),
  /** hex SHA-256 of the token; the token itself is shown once, when it is made */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Every change of what a remote serves: who, what, from which version to which, and why. */
export const remoteRegistryAudit = pgTable(
  'remote_registry_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the token's label, or `server start` */
    actor: text('actor').notNull(),
    remoteId: text('remote_id').notNull(),
    action: text('action', { enum: ['deploy', 'activate', 'canary', 'promote', 'abort', 'auto-abort', 'rollback', 'builtin'] }).notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    reason: text('reason'),
  },
  (t) => [index('remote_registry_audit_remote_idx').on(t.remoteId, t.at)],
);

/** How often each version was served and how often a browser reported an error from it. */
export const remoteVersionCounters = pgTable(
  'remote_version_counters',
  {
    remoteId: text('remote_id').notNull(),
    version: text('version').notNull(),
    served: bigint('served', { mode: 'number' }).notNull().default(0),
    clientErrors: bigint('client_errors', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remoteId, t.version] })],
);
