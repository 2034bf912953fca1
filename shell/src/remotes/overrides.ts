import { REMOTE_OVERRIDE_PARAM, REMOTE_OVERRIDE_RESET_PARAM, type RemoteLocation, type RemotesManifest } from '@portal/shared-api';

/** localStorage key holding `{ [remoteId]: manifestUrl }` (like import-map-overrides' storage). */
export const OVERRIDES_STORAGE_KEY = 'portal.mf-overrides';
/** `?mf-override=<remote-id>=<url of mf-manifest.json>` (repeatable) */
export const OVERRIDE_PARAM = REMOTE_OVERRIDE_PARAM;
/** `?mf-override-reset` clears every override */
export const OVERRIDE_RESET_PARAM = REMOTE_OVERRIDE_RESET_PARAM;

export type Overrides = Record<string, string>;

export interface OverrideStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ResolveOverridesInput {
  manifest: RemotesManifest;
  /** location.search */
  search: string;
  /** location.origin, to resolve root-relative override URLs */
  origin: string;
  storage: OverrideStorage;
  warn(message: string): void;
}

export interface ResolvedOverrides {
  /** the manifest with overridden entries */
  remotes: RemoteLocation[];
  /** active overrides by remote id */
  active: Overrides;
  /** the search string without the override parameters (to replace in the address bar), or null if unchanged */
  cleanedSearch: string | null;
}

function readStored(storage: OverrideStorage, warn: (message: string) => void): Overrides {
  const raw = storage.getItem(OVERRIDES_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    warn(`[portal] Ignoring unreadable ${OVERRIDES_STORAGE_KEY} in localStorage.`);
    storage.removeItem(OVERRIDES_STORAGE_KEY);
    return {};
  }
}

function validUrl(value: string, origin: string): string | null {
  try {
    const url = new URL(value, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The local override of remote locations (docs/feature-teams.md, "Developing against the composed portal"): a developer points
 * one remote at their own dev server with `?mf-override=mf-records=http://localhost:3101/mf-manifest.json`.
 * The choice persists in localStorage until `?mf-override-reset`. Refused (with a console warning) when
 * the environment's manifest says `overridesAllowed: false`.
 */
export function resolveOverrides({ manifest, search, origin, storage, warn }: ResolveOverridesInput): ResolvedOverrides {
  const params = new URLSearchParams(search);
  const requested = params.getAll(OVERRIDE_PARAM);
  const reset = params.has(OVERRIDE_RESET_PARAM);
  params.delete(OVERRIDE_PARAM);
  params.delete(OVERRIDE_RESET_PARAM);
  const rest = params.toString();
  const cleanedSearch = requested.length > 0 || reset ? (rest ? `?${rest}` : '') : null;

  if (reset) storage.removeItem(OVERRIDES_STORAGE_KEY);
  const stored = reset ? {} : readStored(storage, warn);

  if (!manifest.overridesAllowed) {
    if (requested.length > 0 || Object.keys(stored).length > 0) {
      warn('[portal] Remote overrides are not allowed in this environment; using the deployed remotes.');
    }
    return { remotes: manifest.remotes, active: {}, cleanedSearch };
  }

  const known = new Set(manifest.remotes.map((remote) => remote.id));
  const next: Overrides = { ...stored };
  for (const value of requested) {
    const separator = value.indexOf('=');
    const id = separator > 0 ? value.slice(0, separator) : '';
    const url = separator > 0 ? validUrl(value.slice(separator + 1), origin) : null;
    if (!id || !url) {
      warn(`[portal] Ignoring ${OVERRIDE_PARAM}=${value}: expected <remote-id>=<url of mf-manifest.json>.`);
      continue;
    }
    next[id] = url;
  }
  for (const id of Object.keys(next)) {
    if (!known.has(id)) {
      warn(`[portal] Ignoring the override of unknown remote '${id}'.`);
      delete next[id];
    }
  }
  if (Object.keys(next).length > 0) storage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(next));
  else storage.removeItem(OVERRIDES_STORAGE_KEY);

  const remotes = manifest.remotes.map((remote) => {
    const entry = next[remote.id];
    return entry ? { ...remote, entry } : remote;
  });
  return { remotes, active: next, cleanedSearch };
}

/** Clears the stored overrides (the "Reset overrides" control); the caller reloads the page. */
export function clearOverrides(storage: OverrideStorage): void {
  storage.removeItem(OVERRIDES_STORAGE_KEY);
}
