import { z } from 'zod';
import { textSchema } from './text';

/**
 * The run-time remotes manifest (GET /remotes.json), per environment: where each remote lives.
 * Moving a remote means changing this file's source (server config), never rebuilding the shell.
 */
export const remoteLocationSchema = z.object({
  /** folder / package name, e.g. 'mf-records' */
  id: z.string(),
  /** Module Federation container name, e.g. 'mf_records' */
  name: z.string(),
  /** absolute or root-relative URL of the remote's mf-manifest.json */
  entry: z.string(),
  /** parcels the remote exposes for the front page, in display order, e.g. ['./visits-summary'] */
  frontPageParcels: z.array(z.string()).default([]),
  /**
   * The version of the remote this visitor is served (the remote registry's id; `builtin…` for the
   * build the server has on its own disk). The shell tags a remote's errors with it.
   */
  version: z.string().optional(),
});
export type RemoteLocation = z.infer<typeof remoteLocationSchema>;

export const remotesManifestSchema = z.object({
  remotes: z.array(remoteLocationSchema),
  /** whether the local override (query parameter / localStorage) may be used */
  overridesAllowed: z.boolean(),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

/** `?mf-override=<remote-id>=<url of mf-manifest.json>` (repeatable): a developer's own build of a remote. */
export const REMOTE_OVERRIDE_PARAM = 'mf-override';
/** `?mf-override-reset` clears every override */
export const REMOTE_OVERRIDE_RESET_PARAM = 'mf-override-reset';
/**
 * Cookie the shell keeps while overrides are active: the overridden remote ids, comma-separated. The
 * overrides themselves live in localStorage, which the server cannot read; the cookie tells it not to
 * hint the deployed files of those remotes in the page it serves.
 */
export const REMOTE_OVERRIDES_COOKIE = 'portal-mf-overrides';

/** Where the shell reports that an error came from a remote's version (the canary's error rate). */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

/**
 * The beacon's body: which remote and which of its versions failed in a browser, nothing else (no
 * message, no address, nothing of the visitor). A body with any other field is refused.
 */
export const clientErrorBeaconSchema = z.strictObject({
  remoteId: textSchema.min(1).max(100),
  version: textSchema.min(1).max(200),
});
export type ClientErrorBeacon = z.infer<typeof clientErrorBeaconSchema>;
