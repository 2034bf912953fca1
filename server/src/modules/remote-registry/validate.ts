import path from 'node:path';
import { z } from 'zod';
import {
  isRouteWithState,
  remoteRoutesFileSchema,
  routeIds,
  type DeployRemoteVersion,
  type Lang,
  type RemoteLocation,
  type RouteDefinition,
  type VersionRefusalCode,
} from '@portal/shared-api';
import { catalogueOfChunk, LANGS, missingMessages, prerenderLoadProblem, textFilesSchema } from './build-checks';
import { baseUrlOf, FetchFailure, fetchBytes, fileUrl, isServerSideFile, mapLimited, sri384, writeFiles, type FetchLimits } from './files';
import { sharedMismatches } from './shell-libraries';

export interface Refusal {
  code: VersionRefusalCode;
  message: string;
}

/** The routes someone else owns: the shell's, and each other remote's served versions'. */
export interface OwnedRoutes {
  owner: string;
  routes: readonly RouteDefinition[];
}

export interface ValidationDeps {
  allowedOrigins: readonly string[];
  limits: FetchLimits;
  /** the shell's version of each library it provides (shell-libraries.ts) */
  shellProvided: ReadonlyMap<string, string>;
  hasLoader(routeId: string): boolean;
  ownedRoutes(remoteId: string): OwnedRoutes[];
  versionTaken(remoteId: string, version: string): Promise<boolean>;
}

export interface ValidationResult {
  reasons: Refusal[];
  /** the server-side files (relative path → integrity), all verified and written to the staging folder */
  serverFiles: Record<string, string>;
}

/** What the checks read of a remote's mf-manifest.json (Module Federation's manifest). */
const federationManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({ remoteEntry: z.object({ name: z.string().min(1), path: z.string().default('') }) }),
  shared: z.array(z.object({ name: z.string(), requiredVersion: z.union([z.string(), z.literal(false)]).optional() })).default([]),
});

/** A path's shape without its parameters' names: `visits/:id` and `visits/:visitId` have one shape. */
const shape = (p: string) => p.replace(/:[A-Za-z0-9_]+/g, ':');

/** The patterns of a path's parameters in order; `null` for a parameter any value matches. */
function parameterPatterns(route: RouteDefinition, lang: Lang): (string | null)[] {
  return [...route.paths[lang].matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => route.params?.[match[1] as string] ?? null);
}

/**
 * Whether two paths of one shape can match one URL. Parameters with different patterns of their own
 * are taken as telling the paths apart (`varaus/:ids` with `[0-9]+(,[0-9]+)*` and `varaus/:token`
 * with letters: the appointment page of a patient and of a visitor's link); a parameter without a
 * pattern matches whatever the other's does.
 */
function overlaps(a: (string | null)[], b: (string | null)[]): boolean {
  return a.every((pattern, index) => pattern === null || b[index] === null || pattern === b[index]);
}

function refusalOfFetch(error: unknown): Refusal {
  return { code: 'unreachable', message: error instanceof FetchFailure ? error.message : `A file could not be fetched: ${String(error)}` };
}

/**
 * Checks a version before anything changes, and lists every reason to refuse it it finds. The
 * server fetches nothing unless the manifest URL is on an allowed origin. The server-side files
 * (files.ts isServerSideFile) are fetched, checked against their integrity and written to
 * `stagingDir`, from where a version that lands is moved into place.
 */
export async function validateVersion(remote: RemoteLocation, body: DeployRemoteVersion, stagingDir: string, deps: ValidationDeps): Promise<ValidationResult> {
  const reasons: Refusal[] = [];
  const refuse = (code: VersionRefusalCode, message: string) => reasons.push({ code, message });
  const serverFiles: Record<string, string> = {};

  if (await deps.versionTaken(remote.id, body.version)) refuse('versionExists', `${remote.id} has a version ${body.version} already: a version id names one build for good, give this one another`);

  const manifestUrl = new URL(body.manifestUrl);
  if (!deps.allowedOrigins.includes(manifestUrl.origin)) {
    refuse('originNotAllowed', `${manifestUrl.origin} is not one of the origins remotes may be served from (REMOTE_ORIGINS${deps.allowedOrigins.length ? `: ${deps.allowedOrigins.join(', ')}` : ' is empty'})`);
    return { reasons, serverFiles };
  }
  const base = baseUrlOf(body.manifestUrl);
  const manifestName = 'mf-manifest.json';
  if (!manifestUrl.pathname.endsWith(`/${manifestName}`) || manifestUrl.search || manifestUrl.hash || manifestUrl.username || manifestUrl.password) {
    refuse('manifestInvalid', `The manifest URL must name a build's ${manifestName}, without a query, fragment or credentials`);
    return { reasons, serverFiles };
  }
  const files = new Map(Object.entries(body.files));
  const listedManifest = files.get(manifestName);
  if (listedManifest !== undefined && listedManifest !== body.integrity.manifest) refuse('integrityMismatch', `files says ${manifestName} is ${listedManifest}, integrity.manifest says ${body.integrity.manifest}`);
  files.delete(manifestName);

  /** Fetches a file and checks its bytes; the refusal is recorded and null answered when it fails. */
  const fetched = new Map<string, Buffer>();
  async function get(relativePath: string, expected: string | undefined): Promise<Buffer | null> {
    if (expected === undefined) {
      refuse('integrityMismatch', `${relativePath} is part of the build but files gives no integrity for it`);
      return null;
    }
    let bytes: Buffer;
    try {
      bytes = await fetchBytes(fileUrl(base, relativePath), deps.limits);
    } catch (error) {
      reasons.push(refusalOfFetch(error));
      return null;
    }
    const actual = sri384(bytes);
    if (actual !== expected) {
      refuse('integrityMismatch', `${relativePath} is ${actual}, not ${expected}`);
      return null;
    }
    fetched.set(relativePath, bytes);
    return bytes;
  }

  // The manifest first: it names the entry.
  const manifestBytes = await get(manifestName, body.integrity.manifest);
  if (manifestBytes === null) return { reasons, serverFiles };
  serverFiles['mf-manifest.json'] = body.integrity.manifest;
  let manifest: z.infer<typeof federationManifestSchema> | null = null;
  try {
    const parsed = federationManifestSchema.safeParse(JSON.parse(manifestBytes.toString('utf8')));
    if (parsed.success) manifest = parsed.data;
    else refuse('manifestInvalid', `${manifestName} is not a federation manifest: ${z.prettifyError(parsed.error)}`);
  } catch {
    refuse('manifestInvalid', `${manifestName} is not JSON`);
  }
  if (manifest && manifest.name !== remote.name) refuse('manifestInvalid', `${manifestName} is the container ${manifest.name}; ${remote.id} is ${remote.name}`);

  // Everything else at once.
  const entryPath = manifest ? [manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name].filter(Boolean).join('/').replace(/^\.?\/+/, '') : null;
  const serverSide = [...files.keys()].filter(isServerSideFile).sort();
  const textChunks: { pkg: string; lang: string; file: string }[] = [];
  await mapLimited(
    [
      ...(entryPath ? [async () => void (await checkEntry(entryPath))] : []),
      ...serverSide.map((relativePath) => async () => {
        if ((await get(relativePath, files.get(relativePath))) !== null) serverFiles[relativePath] = files.get(relativePath) as string;
      }),
    ],
    8,
    (run) => run(),
  );
  async function checkEntry(relativePath: string) {
    const listed = files.get(relativePath);
    if (listed !== undefined && listed !== body.integrity.entry) refuse('integrityMismatch', `files says ${relativePath} is ${listed}, integrity.entry says ${body.integrity.entry}`);
    await get(relativePath, body.integrity.entry);
  }

  if (manifest) {
    for (const mismatch of sharedMismatches(manifest.shared, deps.shellProvided)) {
      refuse('sharedOutOfRange', `${mismatch.name}: the remote requires ${mismatch.requiredVersion}, the shell provides ${mismatch.provided}`);
    }
  }

  // routes.json
  const routesBytes = fetched.get('routes.json');
  if (!files.has('routes.json')) refuse('routesInvalid', 'routes.json is not among the files: every remote build has one (an empty list when it has no pages)');
  else if (routesBytes) {
    let routes: RouteDefinition[] | null = null;
    try {
      const parsed = remoteRoutesFileSchema.safeParse(JSON.parse(routesBytes.toString('utf8')));
      if (parsed.success) routes = parsed.data;
      else refuse('routesInvalid', `routes.json: ${z.prettifyError(parsed.error)}`);
    } catch {
      refuse('routesInvalid', 'routes.json is not JSON');
    }
    if (routes) checkRoutes(remote.id, routes, deps, refuse);
  }

  // the texts: text-files.json and the chunks it names
  const textFilesBytes = fetched.get('text-files.json');
  if (!files.has('text-files.json')) refuse('messagesMissing', 'text-files.json is not among the files: the build lists its texts in it');
  else if (textFilesBytes) {
    let textFiles: z.infer<typeof textFilesSchema> | null = null;
    try {
      const parsed = textFilesSchema.safeParse(JSON.parse(textFilesBytes.toString('utf8')));
      if (parsed.success) textFiles = parsed.data;
      else refuse('messagesMissing', `text-files.json: ${z.prettifyError(parsed.error)}`);
    } catch {
      refuse('messagesMissing', 'text-files.json is not JSON');
    }
    if (textFiles) {
      if (Object.keys(textFiles.packages).length === 0) refuse('messagesMissing', 'text-files.json lists no texts at all');
      for (const [pkg, byLang] of Object.entries(textFiles.packages)) {
        for (const [lang, chunks] of Object.entries(byLang)) for (const file of chunks) textChunks.push({ pkg, lang, file });
      }
      const sources = await mapLimited(textChunks, 8, (chunk) => get(chunk.file, files.get(chunk.file)));
      const catalogues = new Map<string, Map<Lang, Set<string>>>();
      let readable = true;
      textChunks.forEach((chunk, i) => {
        const source = sources[i];
        if (!source) {
          readable = false;
          return;
        }
        const catalogue = catalogueOfChunk(source.toString('utf8'));
        if (!catalogue) {
          readable = false;
          refuse('messagesMissing', `${chunk.file} (${chunk.pkg}, ${chunk.lang}) holds no message catalogue`);
          return;
        }
        if (!(LANGS as readonly string[]).includes(chunk.lang)) return;
        const byLang = catalogues.get(chunk.pkg) ?? new Map<Lang, Set<string>>();
        const keys = byLang.get(chunk.lang as Lang) ?? new Set<string>();
        for (const key of catalogue.keys()) keys.add(key);
        byLang.set(chunk.lang as Lang, keys);
        catalogues.set(chunk.pkg, byLang);
      });
      for (const pkg of Object.keys(textFiles.packages)) if (!catalogues.has(pkg)) catalogues.set(pkg, new Map());
      if (readable) for (const problem of missingMessages(catalogues)) refuse('messagesMissing', problem);
    }
  }

  // the pre-render bundle, where the build has one
  writeFiles(stagingDir, new Map([...fetched].filter(([relativePath]) => isServerSideFile(relativePath))));
  if (files.has('prerender/index.cjs') && fetched.has('prerender/index.cjs') && serverSide.every((file) => fetched.has(file))) {
    const problem = prerenderLoadProblem(path.join(stagingDir, 'prerender', 'index.cjs'));
    if (problem) refuse('prerenderFailed', problem);
  } else if (serverSide.some((file) => file.startsWith('prerender/')) && !files.has('prerender/index.cjs')) {
    refuse('prerenderFailed', 'the build has prerender/ files but no prerender/index.cjs');
  }

  return { reasons, serverFiles };
}

function checkRoutes(remoteId: string, routes: readonly RouteDefinition[], deps: ValidationDeps, refuse: (code: VersionRefusalCode, message: string) => void): void {
  const known = new Set<string>(routeIds);
  const idOwners = new Map<string, string>();
  /** `<lang>:<shape>` → the paths of that shape: whose, and their parameters' patterns */
  type Claim = { owner: string; patterns: (string | null)[] };
  const claimsOf = (claims: Map<string, Claim[]>, key: string): Claim[] => {
    let list = claims.get(key);
    if (!list) claims.set(key, (list = []));
    return list;
  };
  const otherClaims = new Map<string, Claim[]>();
  for (const { owner, routes: owned } of deps.ownedRoutes(remoteId)) {
    for (const route of owned) {
      if (!idOwners.has(route.id)) idOwners.set(route.id, owner);
      for (const lang of LANGS) claimsOf(otherClaims, `${lang}:${shape(route.paths[lang])}`).push({ owner: `${owner} (${route.id})`, patterns: parameterPatterns(route, lang) });
    }
  }
  const ownIds = new Set<string>();
  const ownClaims = new Map<string, Claim[]>();
  for (const route of routes) {
    const idOwner = idOwners.get(route.id);
    if (idOwner) refuse('routeConflict', `The route id ${route.id} is ${idOwner === 'shell' ? "the shell's" : `${idOwner}'s`}`);
    if (ownIds.has(route.id)) refuse('routeConflict', `The route id ${route.id} is declared twice`);
    ownIds.add(route.id);
    for (const lang of LANGS) {
      const key = `${lang}:${shape(route.paths[lang])}`;
      const patterns = parameterPatterns(route, lang);
      const owner = (otherClaims.get(key) ?? []).find((claim) => overlaps(claim.patterns, patterns));
      if (owner) refuse('routeConflict', `The ${lang} path /${lang}/${route.paths[lang]} of ${route.id} is ${owner.owner}'s`);
      const twin = (ownClaims.get(key) ?? []).find((claim) => claim.owner !== route.id && overlaps(claim.patterns, patterns));
      if (twin) refuse('routeConflict', `The ${lang} path /${lang}/${route.paths[lang]} is both ${twin.owner}'s and ${route.id}'s`);
      claimsOf(ownClaims, key).push({ owner: route.id, patterns });
    }
    if (isRouteWithState(route.id) ? !deps.hasLoader(route.id) : !known.has(route.id)) {
      refuse(
        'loaderMissing',
        isRouteWithState(route.id)
          ? `The page ${route.id} needs a server page loader this server does not have: the server part of a feature ships with the server, so deploy the server first`
          : `This server does not know the page ${route.id} (its page state and loader are part of the server): the server part of a feature ships with the server, so deploy the server first`,
      );
    }
  }
}
