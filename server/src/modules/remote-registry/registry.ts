import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteLocation, RemotesManifest } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { isServedHere, remoteDistDir } from '../../pages/route-table';
import type { CanaryBucket, RemoteRegistry, RemotesView, ServedRemote } from './contract';
import type { RemoteRegistryConfig } from './config';
import { baseUrlOf, FetchFailure, fetchBytes, fileUrl, makeStagingDir, mapLimited, moveIntoPlace, removeStaleStagingDirs, sri384, writeFiles } from './files';
import {
  addCounts,
  BUILTIN_PREFIX,
  counterKey,
  decideCanary,
  isBuiltin,
  readCounters,
  readStates,
  readVersions,
  RegistryConflict,
  registerBuiltin,
  type Counts,
  type ReleaseState,
  type VersionRow,
} from './store';

/** The version id of the build of a remote on this server's disk: `builtin-<12 hex of its manifest's SHA-256>`. */
export function builtinVersionOf(distDir: string): string {
  const manifest = path.join(distDir, 'mf-manifest.json');
  if (!existsSync(manifest)) return `${BUILTIN_PREFIX}nobuild`;
  return `${BUILTIN_PREFIX}${createHash('sha256').update(readFileSync(manifest)).digest('hex').slice(0, 12)}`;
}

/** The actor of the registry's own decisions (the automatic abort of a canary). */
export const CANARY_WATCH_ACTOR = 'canary watch';

interface RemoteSnapshot {
  /** the release state's revision this snapshot serves */
  revision: number;
  active: ServedRemote;
  canary: { remote: ServedRemote; percent: number } | null;
}

export interface RegistryOptions {
  db: Database;
  log: FastifyBaseLogger;
  remotes: RemotesManifest;
  remotesDistRoot: string;
  /** where deployed versions' server-side files are kept: `<data dir>/remote-versions` */
  versionsDir: string;
  config: RemoteRegistryConfig;
}

export interface RegistryService extends RemoteRegistry {
  /** registers this server's builds (once; again after a failure) and reads the registry */
  start(): Promise<void>;
  /** stops the poll and the counters' timer, waits for a refresh under way, writes the counts */
  stop(): Promise<void>;
  /** the built-in version id of each configured remote on this server's disk */
  builtinVersion(remoteId: string): string | null;
  /** the configured remote of this id (only those are served), or null */
  remote(remoteId: string): RemoteLocation | null;
  /** the folder of a deployed version's server-side files (whether or not it is there yet) */
  versionDir(remoteId: string, version: string): string;
  /** the served and error counts the database has with those still in memory */
  counts(keys: readonly { remoteId: string; version: string }[]): Promise<Map<string, Counts>>;
}

/**
 * The registry's in-memory snapshot of what each remote serves (contract.ts), kept by `refresh()`:
 * it reads the release states, and for each remote whose revision moved, materialises the versions
 * it now serves (a deployed version's server-side files are fetched from its folder, checked against
 * their registered integrity and renamed into `<versionsDir>/<remote>/<version>/` whole). Only then
 * is that remote's part of the snapshot swapped; when a version cannot be made ready the previous
 * one is served on and the next refresh tries again.
 */
export function createRegistry(options: RegistryOptions): RegistryService {
  const { db, log, remotes, config } = options;
  const byId = new Map(remotes.remotes.map((remote) => [remote.id, remote]));
  const builtins = new Map(remotes.remotes.map((remote) => [remote.id, builtinVersionOf(remoteDistDir(options, remote.id))]));

  const builtinServed = (remote: RemoteLocation, version: string, canary: boolean): ServedRemote => ({
    ...remote,
    version,
    canary,
    filesDir: remoteDistDir(options, remote.id),
    origin: isServedHere(remote) || !/^https?:\/\//i.test(remote.entry) ? null : new URL(remote.entry).origin,
  });

  // Until the registry is read, each remote is served its build on this disk, as before the registry.
  let snapshot = new Map<string, RemoteSnapshot>(remotes.remotes.map((remote) => [remote.id, { revision: 0, active: builtinServed(remote, builtins.get(remote.id) as string, false), canary: null }]));
  let revision = 0;
  let read = false;
  let builtinsRegistered = false;
  let stopped = false;
  const views = new Map<string, RemotesView>();
  const failures = new Map<string, string>();

  const versionDir = (remoteId: string, version: string) => path.join(options.versionsDir, remoteId, version);

  function servedOf(remote: RemoteLocation, row: VersionRow, canary: boolean): ServedRemote {
    if (isBuiltin(row.version)) return builtinServed(remote, row.version, canary);
    return {
      id: remote.id,
      name: remote.name,
      entry: row.manifestUrl,
      frontPageParcels: remote.frontPageParcels,
      version: row.version,
      canary,
      filesDir: versionDir(remote.id, row.version),
      origin: new URL(row.manifestUrl).origin,
    };
  }

  const materialising = new Map<string, Promise<void>>();

  /** Fetches and checks a deployed version's server-side files, then renames them into place at once. */
  function materialise(row: VersionRow): Promise<void> {
    const target = versionDir(row.remoteId, row.version);
    if (isBuiltin(row.version) || existsSync(target)) return Promise.resolve();
    const key = `${row.remoteId}/${row.version}`;
    const running = materialising.get(key);
    if (running) return running;
    const work = (async () => {
      const base = baseUrlOf(row.manifestUrl);
      const entries = Object.entries(row.serverFiles);
      const fetched = await mapLimited(entries, 8, async ([relativePath, integrity]) => {
        const bytes = await fetchBytes(fileUrl(base, relativePath), { timeoutMs: config.fetchTimeoutMs, maxBytes: config.fetchMaxBytes });
        if (sri384(bytes) !== integrity) throw new FetchFailure(`${relativePath} does not match its registered integrity`);
        return [relativePath, bytes] as const;
      });
      const staging = makeStagingDir(path.join(options.versionsDir, row.remoteId));
      try {
        writeFiles(staging, new Map(fetched));
        moveIntoPlace(staging, target);
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
    })().finally(() => materialising.delete(key));
    materialising.set(key, work);
    return work;
  }

  async function readOnce(): Promise<ReleaseState[]> {
    const states = await readStates(db, [...byId.keys()]);
    const changed = states.filter((state) => snapshot.get(state.remoteId)?.revision !== state.revision);
    if (changed.length === 0) return states;
    const wanted = changed.flatMap((state) => [
      ...(state.activeVersion ? [{ remoteId: state.remoteId, version: state.activeVersion }] : []),
      ...(state.canaryVersion ? [{ remoteId: state.remoteId, version: state.canaryVersion }] : []),
    ]);
    const rows = new Map((await readVersions(db, wanted)).map((row) => [`${row.remoteId}\u0000${row.version}`, row]));
    const next = new Map(snapshot);
    await Promise.all(
      changed.map(async (state) => {
        const remote = byId.get(state.remoteId) as RemoteLocation;
        const activeRow = state.activeVersion ? rows.get(`${state.remoteId}\u0000${state.activeVersion}`) : undefined;
        const canaryRow = state.canaryVersion ? rows.get(`${state.remoteId}\u0000${state.canaryVersion}`) : undefined;
        try {
          if (activeRow) await materialise(activeRow);
          if (canaryRow) await materialise(canaryRow);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const said = `${state.revision}:${message}`;
          if (failures.get(state.remoteId) !== said) {
            log.error({ remote: state.remoteId, active: state.activeVersion, canary: state.canaryVersion, problem: message }, 'a version of a remote could not be made ready; its previous one is served on');
            failures.set(state.remoteId, said);
          }
          return;
        }
        failures.delete(state.remoteId);
        next.set(state.remoteId, {
          revision: state.revision,
          active: activeRow ? servedOf(remote, activeRow, false) : builtinServed(remote, builtins.get(remote.id) as string, false),
          canary: canaryRow && state.canaryPercent ? { remote: servedOf(remote, canaryRow, true), percent: state.canaryPercent } : null,
        });
      }),
    );
    snapshot = next;
    revision = [...next.values()].reduce((sum, remote) => sum + remote.revision, 0);
    views.clear();
    return states;
  }

  // ---- counters ----------------------------------------------------------------------------
  let buffered = new Map<string, { remoteId: string; version: string } & Counts>();
  function count(remoteId: string, version: string, field: keyof Counts): void {
    const served = snapshot.get(remoteId);
    // only what is served now is counted: the beacon's remote and version come from browsers
    if (!served || (served.active.version !== version && served.canary?.remote.version !== version)) return;
    const key = counterKey(remoteId, version);
    const entry = buffered.get(key) ?? { remoteId, version, served: 0, clientErrors: 0 };
    entry[field] += 1;
    buffered.set(key, entry);
  }
  async function flush(): Promise<void> {
    if (buffered.size === 0) return;
    const batch = [...buffered.values()];
    buffered = new Map();
    try {
      await addCounts(db, batch);
    } catch (error) {
      // kept for the next flush
      for (const entry of batch) {
        const key = counterKey(entry.remoteId, entry.version);
        const now = buffered.get(key) ?? { remoteId: entry.remoteId, version: entry.version, served: 0, clientErrors: 0 };
        now.served += entry.served;
        now.clientErrors += entry.clientErrors;
        buffered.set(key, now);
      }
      throw error;
    }
  }

  /** Aborts each canary that has been served enough and fails more often than its active version. */
  async function judgeCanaries(states: readonly ReleaseState[]): Promise<boolean> {
    const canaries = states.filter((state) => state.canaryVersion !== null && state.activeVersion !== null);
    if (canaries.length === 0) return false;
    const counts = await readCounters(
      db,
      canaries.flatMap((state) => [
        { remoteId: state.remoteId, version: state.activeVersion as string },
        { remoteId: state.remoteId, version: state.canaryVersion as string },
      ]),
    );
    let aborted = false;
    for (const state of canaries) {
      const canary = counts.get(counterKey(state.remoteId, state.canaryVersion as string)) ?? { served: 0, clientErrors: 0 };
      const active = counts.get(counterKey(state.remoteId, state.activeVersion as string)) ?? { served: 0, clientErrors: 0 };
      if (canary.served < config.canaryMinSessions) continue;
      const canaryRate = canary.clientErrors / canary.served;
      const activeRate = active.served > 0 ? active.clientErrors / active.served : 0;
      if (canaryRate - activeRate <= config.canaryErrorMargin) continue;
      const reason = `error rate ${canaryRate.toFixed(3)} (${canary.clientErrors}/${canary.served}) against the active version's ${activeRate.toFixed(3)} (${active.clientErrors}/${active.served}), margin ${config.canaryErrorMargin}`;
      try {
        await decideCanary(db, { remoteId: state.remoteId, actor: CANARY_WATCH_ACTOR, decision: 'auto-abort', reason, onlyVersion: state.canaryVersion as string });
        log.warn({ remote: state.remoteId, canary: state.canaryVersion, reason }, 'canary aborted');
        aborted = true;
      } catch (error) {
        // another instance decided first
        if (!(error instanceof RegistryConflict)) throw error;
      }
    }
    return aborted;
  }

  async function registerBuiltins(): Promise<void> {
    for (const remote of remotes.remotes) {
      const version = builtins.get(remote.id) as string;
      const activated = await registerBuiltin(db, { remoteId: remote.id, version, manifestUrl: remote.entry });
      if (activated) log.info({ remote: remote.id, version }, 'built-in version of a remote registered and activated');
    }
    builtinsRegistered = true;
  }

  async function doRefresh(): Promise<void> {
    if (!builtinsRegistered) await registerBuiltins();
    try {
      await flush();
    } catch (error) {
      log.error({ err: error }, 'the served and error counts could not be written; they are kept for the next try');
    }
    const states = await readOnce();
    if (await judgeCanaries(states)) await readOnce();
    read = true;
  }

  // One refresh at a time; a call while one runs gets the next one, which sees every change made
  // before the call (and callers meanwhile share it).
  let chain: Promise<void> = Promise.resolve();
  let pending: Promise<void> | null = null;
  function refresh(): Promise<void> {
    if (pending) return pending;
    const next = chain.then(() => {
      pending = null;
      return doRefresh();
    });
    pending = next;
    chain = next.catch(() => undefined);
    return next;
  }

  let poll: NodeJS.Timeout | null = null;
  let flusher: NodeJS.Timeout | null = null;

  function view(bucket: CanaryBucket): RemotesView {
    const chosen = remotes.remotes.map((remote) => {
      const served = snapshot.get(remote.id) as RemoteSnapshot;
      return served.canary && bucket < served.canary.percent ? served.canary.remote : served.active;
    });
    const key = chosen.map((remote) => (remote.canary ? '1' : '0')).join('');
    const cached = views.get(key);
    if (cached) return cached;
    const made: RemotesView = { remotes: chosen, overridesAllowed: remotes.overridesAllowed, revision };
    views.set(key, made);
    return made;
  }

  return {
    viewFor: view,
    allServed() {
      return [...snapshot.values()].flatMap((remote) => (remote.canary ? [remote.active, remote.canary.remote] : [remote.active]));
    },
    refresh,
    ready: () => read && [...snapshot.keys()].every((id) => !failures.has(id)),
    countServed: (remoteId, version) => count(remoteId, version, 'served'),
    countClientError: (remoteId, version) => count(remoteId, version, 'clientErrors'),
    async start() {
      for (const remote of remotes.remotes) removeStaleStagingDirs(path.join(options.versionsDir, remote.id));
      try {
        await refresh();
      } catch (error) {
        // the database may come later: the built-ins on disk are served meanwhile, the poll tries again
        log.error({ err: error }, 'the remote registry could not be read at start; the built-in versions are served until it can');
      }
      if (stopped) return;
      poll = setInterval(() => {
        refresh().catch((error: unknown) => log.error({ err: error }, 'the remote registry could not be read'));
      }, config.pollMs);
      poll.unref();
      flusher = setInterval(() => {
        flush().catch((error: unknown) => log.error({ err: error }, 'the served and error counts could not be written; they are kept for the next try'));
      }, config.countersFlushMs);
      flusher.unref();
    },
    async stop() {
      stopped = true;
      if (poll) clearInterval(poll);
      if (flusher) clearInterval(flusher);
      await chain;
      await flush().catch((error: unknown) => log.error({ err: error }, 'the served and error counts could not be written at close'));
    },
    builtinVersion: (remoteId) => builtins.get(remoteId) ?? null,
    remote: (remoteId) => byId.get(remoteId) ?? null,
    versionDir,
    async counts(keys) {
      const stored = await readCounters(db, keys);
      for (const entry of buffered.values()) {
        const key = counterKey(entry.remoteId, entry.version);
        const now = stored.get(key) ?? { served: 0, clientErrors: 0 };
        stored.set(key, { served: now.served + entry.served, clientErrors: now.clientErrors + entry.clientErrors });
      }
      return stored;
    },
  };
}
