import { z } from 'zod';

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
