import type { RemoteLocation } from '@portal/shared-api';

/**
 * What the rest of the server may know of the remote registry (issue 29): which version of each
 * remote a visitor is served, and where this instance keeps that version's server-side files. The
 * registry module (./index.ts) implements it over its tables; pages, static files, the CSP, the front
 * page and the client-error beacon only read it, so they never see the registry's tables.
 */

/** One remote as one visitor is served it. */
export interface ServedRemote extends RemoteLocation {
  /** the registry's version id; `builtin-<hash>` for the build this server serves from its own disk */
  version: string;
  /** this visitor falls in the remote's canary and gets its canary version */
  canary: boolean;
  /**
   * The local folder with the version's server-side files (routes.json, text-files.json,
   * mf-manifest.json, the pre-render bundle): the build's dist for a built-in version, this
   * instance's verified copy of a deployed one. A version is never served before its files are here.
   */
  filesDir: string;
  /**
   * The origin the browser loads the remote's files from (`https://static.example`), null when it is
   * this server (`/remotes/<id>/…`). The page's Content-Security-Policy allows exactly these.
   */
  origin: string | null;
}

/** The remotes one visitor is served, in manifest (front-page) order. */
export interface RemotesView {
  remotes: ServedRemote[];
  overridesAllowed: boolean;
  /** changes whenever what any visitor is served changes: caches may key on it */
  revision: number;
}

/** A visitor's canary bucket, 0–99, sticky per browser (a cookie the pages set). */
export type CanaryBucket = number;

export interface RemoteRegistry {
  /** What a visitor in this bucket is served now. */
  viewFor(bucket: CanaryBucket): RemotesView;
  /** Every version served to anyone now (each remote's active one and its canary): for the CSP. */
  allServed(): ServedRemote[];
  /** Re-reads the registry now (the poll calls it; tests call it to skip the wait). */
  refresh(): Promise<void>;
  /** The registry has been read at least once and every served version's files are here. */
  ready(): boolean;
  /** A page or `/remotes.json` was served with this version (the canary's error rate divides by these). */
  countServed(remoteId: string, version: string): void;
  /** A browser reported an error from this version of a remote (POST /api/client-errors). */
  countClientError(remoteId: string, version: string): void;
}
