import { remotesManifestSchema, type RemoteLocation } from '@portal/shared-api';
import type { Overrides } from './overrides';

export interface RemotesRefresherOptions {
  /** GET /remotes.json (this visitor's versions: the canary cookie goes with it) */
  fetchManifest: () => Promise<unknown>;
  /** the remotes the page composes now (overrides applied) */
  current: () => readonly RemoteLocation[];
  /** the developer's overrides by remote id: those remotes stay as they are */
  overrides: Overrides;
  /** takes a manifest that names another location for any remote */
  apply: (remotes: RemoteLocation[]) => void;
  /** the page's state is this fresh when it starts; asked again no sooner than this after the last answer */
  minIntervalMs?: number;
  /** a mount waits no longer than this for the answer (it goes on with what it has) */
  timeoutMs?: number;
  now?: () => number;
}

/** GET /remotes.json with the cookies of this site, revalidated: the remotes this visitor is served now. */
export async function fetchRemotesManifest(): Promise<unknown> {
  const response = await fetch('/remotes.json', { credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  return response.json();
}

/**
 * A new version of a remote reaches a visitor who stays on the page (client-side navigation) at
 * their next page of it: before a remote's page mounts, the shell asks for the manifest again (at
 * most once a minute, and waiting at most `timeoutMs`) and hands a changed one to `apply`, which
 * registers the new entries for the next load. What is mounted stays. A failed or late answer, or
 * one the shell cannot read, changes nothing.
 */
export function createRemotesRefresher({ fetchManifest, current, overrides, apply, minIntervalMs = 60_000, timeoutMs = 1_500, now = Date.now }: RemotesRefresherOptions): () => Promise<void> {
  let checkedAt = now();
  let inFlight: Promise<void> | null = null;

  async function check(): Promise<void> {
    try {
      const parsed = remotesManifestSchema.safeParse(await fetchManifest());
      if (!parsed.success) return;
      const before = current();
      const next = parsed.data.remotes.map((remote) => (remote.id in overrides ? (before.find((known) => known.id === remote.id) ?? remote) : remote));
      const changed =
        next.length !== before.length ||
        next.some((remote) => {
          const known = before.find((candidate) => candidate.id === remote.id);
          return known === undefined || known.entry !== remote.entry || known.version !== remote.version;
        });
      if (changed) apply(next);
    } catch {
      // offline, or the server is restarting: the remotes the page has keep working
    } finally {
      checkedAt = now();
      inFlight = null;
    }
  }

  return () => {
    if (inFlight === null && now() - checkedAt < minIntervalMs) return Promise.resolve();
    inFlight ??= check();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    return Promise.race([inFlight, timeout]).finally(() => clearTimeout(timer));
  };
}
