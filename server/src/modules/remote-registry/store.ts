import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { remoteRegistryAudit, remoteReleaseStates, remoteVersionCounters, remoteVersions } from './schema';

/**
 * The registry's writes. Every change of what a remote serves runs in one transaction that first
 * locks the remote's release state row (SELECT … FOR UPDATE), checks what the caller expected, and
 * then writes the new state (revision + 1) and its audit rows: two callers on one remote are served
 * one after the other, two callers on two remotes do not wait for each other.
 */

export type AuditAction = (typeof remoteRegistryAudit.$inferInsert)['action'];
export type ReleaseState = typeof remoteReleaseStates.$inferSelect;
export type VersionRow = typeof remoteVersions.$inferSelect;

export const BUILTIN_PREFIX = 'builtin-';
export const isBuiltin = (version: string) => version.startsWith(BUILTIN_PREFIX);

/** The caller's picture of the remote is not what it is (409): nothing was changed. */
export class RegistryConflict extends Error {
  constructor(
    message: string,
    readonly activeVersion: string | null,
  ) {
    super(message);
  }
}

/** The version asked for is not one of the remote's (404). */
export class UnknownVersion extends Error {}

/** The version id is taken already (422 versionExists). */
export class VersionTaken extends Error {}

interface AuditRow {
  actor: string;
  remoteId: string;
  action: AuditAction;
  fromVersion: string | null;
  toVersion: string | null;
  reason?: string | null | undefined;
}

async function audit(tx: Database, rows: AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(remoteRegistryAudit).values(rows.map((row) => ({ ...row, reason: row.reason ?? null })));
}

/** The remote's state row, locked until the transaction ends (made first when the remote has none). */
async function lockState(tx: Database, remoteId: string): Promise<ReleaseState> {
  await tx.insert(remoteReleaseStates).values({ remoteId }).onConflictDoNothing();
  const [state] = await tx.select().from(remoteReleaseStates).where(eq(remoteReleaseStates.remoteId, remoteId)).for('update');
  if (!state) throw new Error(`the release state of ${remoteId} vanished`);
  return state;
}

type StateChange = Partial<Pick<ReleaseState, 'activeVersion' | 'previousVersion' | 'canaryVersion' | 'canaryPercent'>>;

async function writeState(tx: Database, state: ReleaseState, change: StateChange): Promise<ReleaseState> {
  const [updated] = await tx
    .update(remoteReleaseStates)
    .set({ ...change, revision: state.revision + 1, updatedAt: sql`now()` })
    .where(eq(remoteReleaseStates.remoteId, state.remoteId))
    .returning();
  if (!updated) throw new Error(`the release state of ${state.remoteId} vanished`);
  return updated;
}

async function versionExists(tx: Database, remoteId: string, version: string): Promise<boolean> {
  const rows = await tx.select({ version: remoteVersions.version }).from(remoteVersions).where(and(eq(remoteVersions.remoteId, remoteId), eq(remoteVersions.version, version)));
  return rows.length > 0;
}

export async function isVersionTaken(db: Database, remoteId: string, version: string): Promise<boolean> {
  return versionExists(db, remoteId, version);
}

export interface NewVersion {
  remoteId: string;
  version: string;
  manifestUrl: string;
  manifestIntegrity: string;
  entryIntegrity: string;
  serverFiles: Record<string, string>;
  gitCommit: string | null;
}

/**
 * Records a validated version and makes it active (or the canary), if the active version is still
 * the one the caller expected and no canary is running.
 */
export async function recordDeploy(
  db: Database,
  input: { version: NewVersion; actor: string; expectedActiveVersion: string | null; canaryPercent: number | null; reason: string | null },
): Promise<{ state: ReleaseState; previousVersion: string | null }> {
  return withTransaction(db, async (tx) => {
    const state = await lockState(tx, input.version.remoteId);
    if (state.activeVersion !== input.expectedActiveVersion) {
      throw new RegistryConflict(`The active version of ${state.remoteId} is ${state.activeVersion ?? 'none'}, not ${input.expectedActiveVersion ?? 'none'}`, state.activeVersion);
    }
    if (state.canaryVersion !== null) {
      throw new RegistryConflict(`${state.remoteId} has a canary (${state.canaryVersion} for ${state.canaryPercent ?? 0} %): promote or abort it first`, state.activeVersion);
    }
    const inserted = await tx
      .insert(remoteVersions)
      .values({ ...input.version, deployedBy: input.actor })
      .onConflictDoNothing()
      .returning({ version: remoteVersions.version });
    if (inserted.length === 0) throw new VersionTaken(`${input.version.remoteId} has a version ${input.version.version} already`);
    const { remoteId, version } = input.version;
    const rows: AuditRow[] = [{ actor: input.actor, remoteId, action: 'deploy', fromVersion: null, toVersion: version, reason: input.reason }];
    let updated: ReleaseState;
    if (input.canaryPercent !== null) {
      updated = await writeState(tx, state, { canaryVersion: version, canaryPercent: input.canaryPercent });
      rows.push({ actor: input.actor, remoteId, action: 'canary', fromVersion: state.activeVersion, toVersion: version, reason: input.reason ?? `${input.canaryPercent} % of visitors` });
    } else {
      updated = await writeState(tx, state, { activeVersion: version, previousVersion: state.activeVersion });
      rows.push({ actor: input.actor, remoteId, action: 'activate', fromVersion: state.activeVersion, toVersion: version, reason: input.reason });
    }
    await audit(tx, rows);
    return { state: updated, previousVersion: state.activeVersion };
  });
}

/**
 * Makes an earlier version active again: `toVersion`, or the one active before the current one.
 * A running canary is cleared. `isServable` refuses versions whose files are gone (an older built-in).
 */
export async function rollback(
  db: Database,
  input: { remoteId: string; actor: string; toVersion: string | null; expectedActiveVersion: string | null; reason: string | null; isServable: (version: string) => string | null },
): Promise<ReleaseState> {
  return withTransaction(db, async (tx) => {
    const state = await lockState(tx, input.remoteId);
    if (input.expectedActiveVersion !== null && state.activeVersion !== input.expectedActiveVersion) {
      throw new RegistryConflict(`The active version of ${state.remoteId} is ${state.activeVersion ?? 'none'}, not ${input.expectedActiveVersion}`, state.activeVersion);
    }
    const target = input.toVersion ?? state.previousVersion;
    if (target === null) throw new RegistryConflict(`${state.remoteId} has no earlier version to roll back to`, state.activeVersion);
    if (!(await versionExists(tx, state.remoteId, target))) throw new UnknownVersion(`${state.remoteId} has no version ${target}`);
    if (target === state.activeVersion && state.canaryVersion === null) throw new RegistryConflict(`${target} is the active version of ${state.remoteId} already`, state.activeVersion);
    const problem = input.isServable(target);
    if (problem) throw new RegistryConflict(problem, state.activeVersion);
    const updated = await writeState(tx, state, { activeVersion: target, previousVersion: state.activeVersion, canaryVersion: null, canaryPercent: null });
    const rows: AuditRow[] = [];
    if (state.canaryVersion !== null) rows.push({ actor: input.actor, remoteId: state.remoteId, action: 'abort', fromVersion: state.canaryVersion, toVersion: null, reason: `cleared by the rollback to ${target}` });
    rows.push({ actor: input.actor, remoteId: state.remoteId, action: 'rollback', fromVersion: state.activeVersion, toVersion: target, reason: input.reason });
    await audit(tx, rows);
    return updated;
  });
}

/**
 * Ends the remote's canary: `promote` makes it the active version, `abort` and `auto-abort` drop it.
 * `onlyVersion`: only when the canary is still that version (the automatic abort's guard).
 */
export async function decideCanary(
  db: Database,
  input: { remoteId: string; actor: string; decision: 'promote' | 'abort' | 'auto-abort'; reason: string | null; onlyVersion?: string },
): Promise<ReleaseState> {
  return withTransaction(db, async (tx) => {
    const state = await lockState(tx, input.remoteId);
    if (state.canaryVersion === null || (input.onlyVersion !== undefined && state.canaryVersion !== input.onlyVersion)) {
      throw new RegistryConflict(`${state.remoteId} has no canary${input.onlyVersion ? ` ${input.onlyVersion}` : ''}`, state.activeVersion);
    }
    const canary = state.canaryVersion;
    const updated =
      input.decision === 'promote'
        ? await writeState(tx, state, { activeVersion: canary, previousVersion: state.activeVersion, canaryVersion: null, canaryPercent: null })
        : await writeState(tx, state, { canaryVersion: null, canaryPercent: null });
    await audit(tx, [
      input.decision === 'promote'
        ? { actor: input.actor, remoteId: state.remoteId, action: 'promote', fromVersion: state.activeVersion, toVersion: canary, reason: input.reason }
        : { actor: input.actor, remoteId: state.remoteId, action: input.decision, fromVersion: canary, toVersion: state.activeVersion, reason: input.reason },
    ]);
    return updated;
  });
}

export const SERVER_START_ACTOR = 'server start';

/**
 * Registers this server's build of a remote and makes it active when the remote has no active
 * version or an older built-in one; a deployed version stays active. True when it was activated.
 */
export async function registerBuiltin(db: Database, input: { remoteId: string; version: string; manifestUrl: string }): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    await tx
      .insert(remoteVersions)
      .values({ remoteId: input.remoteId, version: input.version, manifestUrl: input.manifestUrl, manifestIntegrity: null, entryIntegrity: null, serverFiles: {}, gitCommit: null, deployedBy: SERVER_START_ACTOR })
      .onConflictDoNothing();
    const state = await lockState(tx, input.remoteId);
    const active = state.activeVersion;
    if (active === input.version || (active !== null && !isBuiltin(active))) return false;
    await writeState(tx, state, { activeVersion: input.version, previousVersion: active });
    await audit(tx, [{ actor: SERVER_START_ACTOR, remoteId: input.remoteId, action: 'builtin', fromVersion: active, toVersion: input.version, reason: active ? 'this server was started with another build' : 'the first version of this remote' }]);
    return true;
  });
}

export async function readStates(db: Database, remoteIds: readonly string[]): Promise<ReleaseState[]> {
  if (remoteIds.length === 0) return [];
  return db.select().from(remoteReleaseStates).where(inArray(remoteReleaseStates.remoteId, [...remoteIds]));
}

export async function readVersions(db: Database, keys: readonly { remoteId: string; version: string }[]): Promise<VersionRow[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select()
    .from(remoteVersions)
    .where(inArray(remoteVersions.remoteId, [...new Set(keys.map((k) => k.remoteId))]));
  const wanted = new Set(keys.map((k) => `${k.remoteId}\u0000${k.version}`));
  return rows.filter((row) => wanted.has(`${row.remoteId}\u0000${row.version}`));
}

export async function listVersions(db: Database, remoteIds: readonly string[]): Promise<VersionRow[]> {
  if (remoteIds.length === 0) return [];
  return db.select().from(remoteVersions).where(inArray(remoteVersions.remoteId, [...remoteIds])).orderBy(desc(remoteVersions.deployedAt), desc(remoteVersions.version));
}

export interface Counts {
  served: number;
  clientErrors: number;
}

export async function readCounters(db: Database, keys: readonly { remoteId: string; version: string }[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (keys.length === 0) return counts;
  const rows = await db
    .select()
    .from(remoteVersionCounters)
    .where(inArray(remoteVersionCounters.remoteId, [...new Set(keys.map((k) => k.remoteId))]));
  for (const row of rows) counts.set(counterKey(row.remoteId, row.version), { served: row.served, clientErrors: row.clientErrors });
  return counts;
}

export const counterKey = (remoteId: string, version: string) => `${remoteId}\u0000${version}`;

/** Adds buffered counts to the counters (one statement for all of them). */
export async function addCounts(db: Database, counts: readonly ({ remoteId: string; version: string } & Counts)[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insert(remoteVersionCounters)
    .values(counts.map((c) => ({ remoteId: c.remoteId, version: c.version, served: c.served, clientErrors: c.clientErrors })))
    .onConflictDoUpdate({
      target: [remoteVersionCounters.remoteId, remoteVersionCounters.version],
      set: {
        served: sql`${remoteVersionCounters.served} + excluded.served`,
        clientErrors: sql`${remoteVersionCounters.clientErrors} + excluded.client_errors`,
      },
    });
}
