import { z } from 'zod';
import { trimmedTextSchema } from './text';

/**
 * The remote registry's API (issue 29): a feature team deploys a version of its remote, the portal
 * checks it and serves it (or a canary of it). Called by the deploy command with a deploy token
 * (`Authorization: Bearer …`), never by a browser. docs/remote-registry.md describes the routes.
 */

/** A version id: the team's own (a date, a build number, a commit), unique per remote. */
export const remoteVersionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'A version is 1–64 letters, digits, dots, dashes or underscores')
  // it names a folder on the servers (no `.`, `..` or hidden name), and `builtin-` is the servers' own builds
  .regex(/^[A-Za-z0-9]/, 'A version starts with a letter or a digit');

/** The id of a version being deployed: `builtin-…` is kept for the servers' own builds. */
export const newRemoteVersionIdSchema = remoteVersionIdSchema.refine((version) => !version.startsWith('builtin-'), "Versions named 'builtin-…' are the servers' own builds");

/** A Subresource Integrity string of SHA-384: `sha384-` and the base64 of the 48-byte digest. */
export const sha384IntegritySchema = z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/, "An integrity is 'sha384-' and the base64 of a SHA-384 digest");

/**
 * A file's path relative to the manifest's folder: forward slashes, no `.` or `..` segment, no
 * leading slash, only the characters a build's file names have.
 */
export const remoteFilePathSchema = z
  .string()
  .max(300)
  .regex(/^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_.@~+-]+(?:\/[A-Za-z0-9_.@~+-]+)*$/, 'A relative path inside the build (no ./, ../ or leading /)');

const reasonSchema = trimmedTextSchema.min(1).max(500);

export const deployRemoteVersionSchema = z.strictObject({
  version: newRemoteVersionIdSchema,
  /** the version's mf-manifest.json; its folder is the base of every other file */
  manifestUrl: z.url({ protocol: /^https?$/ }).max(2000),
  integrity: z.strictObject({ manifest: sha384IntegritySchema, entry: sha384IntegritySchema }),
  /** every uploaded file, relative to the manifest's folder, with its integrity */
  files: z.record(remoteFilePathSchema, sha384IntegritySchema).refine((files) => Object.keys(files).length <= 5000, 'At most 5000 files'),
  gitCommit: z.string().regex(/^[0-9a-f]{7,64}$/, 'A git commit is 7–64 lower-case hex digits').optional(),
  /** the version the caller believes is active (null: none yet); another one answers 409 */
  expectedActiveVersion: remoteVersionIdSchema.nullable(),
  /** given: the version becomes a canary for this share of visitors instead of active */
  canaryPercent: z.number().int().min(1).max(99).optional(),
  reason: reasonSchema.optional(),
});
export type DeployRemoteVersion = z.infer<typeof deployRemoteVersionSchema>;

export const rollbackRemoteSchema = z.strictObject({
  /** default: the version active before the current one */
  toVersion: remoteVersionIdSchema.optional(),
  expectedActiveVersion: remoteVersionIdSchema.optional(),
  reason: reasonSchema.optional(),
});
export type RollbackRemote = z.infer<typeof rollbackRemoteSchema>;

export const canaryDecisionSchema = z.strictObject({ reason: reasonSchema.optional() });

export const remoteIdParamsSchema = z.strictObject({ remoteId: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'A remote id such as mf-records') });

/** Why a version is refused; every reason found is listed at once. */
export const versionRefusalCodeSchema = z.enum([
  'originNotAllowed',
  'unreachable',
  'integrityMismatch',
  'manifestInvalid',
  'sharedOutOfRange',
  'routesInvalid',
  'routeConflict',
  'loaderMissing',
  'messagesMissing',
  'prerenderFailed',
  'versionExists',
]);
export type VersionRefusalCode = z.infer<typeof versionRefusalCodeSchema>;

/** 422: the version was not recorded and nothing changed. */
export const versionRefusedSchema = z.object({
  type: z.literal('VersionRefused'),
  message: z.string(),
  reasons: z.array(z.object({ code: versionRefusalCodeSchema, message: z.string() })),
});
export type VersionRefusedBody = z.infer<typeof versionRefusedSchema>;

/** 409: the active version is not the one the caller expected (or there is no canary to decide on). */
export const registryConflictSchema = z.object({
  type: z.literal('Conflict'),
  message: z.string(),
  activeVersion: z.string().nullable(),
});
export type RegistryConflictBody = z.infer<typeof registryConflictSchema>;

/** 201 of a deploy */
export const deployedRemoteVersionSchema = z.object({
  remoteId: z.string(),
  version: z.string(),
  state: z.enum(['active', 'canary']),
  /** the version active before (unchanged for a canary) */
  previousVersion: z.string().nullable(),
});
export type DeployedRemoteVersion = z.infer<typeof deployedRemoteVersionSchema>;

/** 200 of a rollback, a promotion or an abort: what the remote serves now. */
export const remoteReleaseSchema = z.object({
  remoteId: z.string(),
  activeVersion: z.string().nullable(),
  canary: z.object({ version: z.string(), percent: z.number().int() }).nullable(),
  revision: z.number().int(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

const countsSchema = z.object({ served: z.number().int(), clientErrors: z.number().int() });

/** GET /api/remote-registry */
export const remoteRegistryListingSchema = z.object({
  remotes: z.array(
    z.object({
      remoteId: z.string(),
      activeVersion: z.string().nullable(),
      canary: z.object({ version: z.string(), percent: z.number().int() }).nullable(),
      revision: z.number().int(),
      counts: z.object({ active: countsSchema.nullable(), canary: countsSchema.nullable() }),
      /** newest first */
      versions: z.array(
        z.object({
          version: z.string(),
          manifestUrl: z.string(),
          gitCommit: z.string().nullable(),
          deployedBy: z.string(),
          deployedAt: z.string(),
        }),
      ),
    }),
  ),
});
export type RemoteRegistryListing = z.infer<typeof remoteRegistryListingSchema>;
