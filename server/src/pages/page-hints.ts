import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  INITIAL_STATE_ELEMENT_ID,
  PAGE_HINTS_ELEMENT_ID,
  REMOTE_OVERRIDE_PARAM,
  REMOTE_OVERRIDE_RESET_PARAM,
  REMOTE_OVERRIDES_COOKIE,
  ROUTE_TABLE_PATH,
  type ComposedRoute,
  type Lang,
  type RemoteLocation,
} from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import type { RemotesView, ServedRemote } from '../modules/remote-registry/contract';
import { isServedHere } from './route-table';
import { isBuiltinVersion } from './visitor-remotes';

/**
 * What of a remote's mf-manifest.json the hints need. Module Federation's runtime reads the same
 * fields: the entry's file and the public path it is relative to, and each exposed module's files.
 */
const federationManifestSchema = z.object({
  metaData: z.object({
    remoteEntry: z.object({ name: z.string(), path: z.string().default('') }),
    publicPath: z.string().optional(),
  }),
  exposes: z
    .array(
      z.object({
        path: z.string(),
        assets: z.object({
          js: z.object({ sync: z.array(z.string()).default([]) }),
          css: z.object({ sync: z.array(z.string()).default([]) }),
        }),
      }),
    )
    .default([]),
});

export interface PageHint {
  href: string;
  /** the destination the browser checks the later request against: fetch (the manifest), script, style */
  as: 'fetch' | 'script' | 'style';
  /** low: wanted after the page's HTML and render-blocking CSS (the skeleton's first paint) */
  priority?: 'low';
}

/**
 * The remotes a page mounts at once, with the modules it asks them for. `inHtml`: the parcels
 * (`<remote id><exposed>`) whose server HTML is complete, so the page does not load their code.
 */
function modulesMounted<Remote extends RemoteLocation>(route: ComposedRoute | null, remotes: readonly Remote[], inHtml: ReadonlySet<string>): { remote: Remote; exposed: string[] }[] {
  if (!route) return [];
  // The shell's front page mounts every remote's front-page parcels (FrontPage.tsx, in manifest order).
  if (route.id === 'front-page') {
    return remotes
      .map((remote) => ({ remote, exposed: remote.frontPageParcels.filter((exposed) => !inHtml.has(`${remote.id}${exposed}`)) }))
      .filter(({ exposed }) => exposed.length > 0);
  }
  const owner = remotes.find((remote) => remote.id === route.owner);
  return owner ? [{ remote: owner, exposed: ['./app'] }] : [];
}

/**
 * Whether the browser loads these files from this server, as the server has them in `filesDir`: a
 * built-in version from /remotes/<id>/ (its dist), a deployed one from a root-relative entry.
 */
export function filesHere(remote: ServedRemote): boolean {
  if (remote.origin !== null) return false;
  if (isBuiltinVersion(remote.version)) return isServedHere(remote);
  return remote.entry.startsWith('/') && !remote.entry.startsWith('//');
}

/** The remote ids a developer points at their own build: this request's `?mf-override=` and the shell's cookie. */
export function overriddenRemotes(request: FastifyRequest): Set<string> {
  const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '');
  const ids = new Set(query.getAll(REMOTE_OVERRIDE_PARAM).map((value) => value.slice(0, Math.max(0, value.indexOf('=')))));
  // a reset in this address wins over the cookie the shell has not cleared yet
  if (query.has(REMOTE_OVERRIDE_RESET_PARAM)) return ids;
  for (const id of (request.cookies[REMOTE_OVERRIDES_COOKIE] ?? '').split(',')) ids.add(id.trim());
  ids.delete('');
  return ids;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

export function renderHints(hints: readonly PageHint[]): string {
  return hints
    .map(
      ({ href, as, priority }) =>
        // crossorigin on the manifest: the runtime fetch()es it in CORS mode, and a preload is used only by a
        // request of the same mode. Scripts and styles are plain <script>/<link> elements, without it.
        `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}` +
        `${priority ? ` fetchpriority="${priority}"` : ''}>`,
    )
    .join('');
}

/**
 * The hints of a page the server pre-rendered whole, as JSON for the shell's entry to preload when it
 * starts (shell/src/page-hints.ts): as <link rel=preload> the browser would fetch them at once,
 * beside the page's HTML and CSS, before the first paint that shows the page (issue 31).
 */
export function renderHintsForLater(hints: readonly PageHint[]): string {
  if (hints.length === 0) return '';
  // JSON safe inside a <script> element: no '<' can close it
  const json = JSON.stringify(hints).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_HINTS_ELEMENT_ID}">${json}</script>`;
}

/** The hints go before the initial state (long JSON), so the browser's preload scanner meets them early. */
export function insertHints(html: string, hints: string): string {
  if (!hints) return html;
  const state = html.indexOf(`<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}"`);
  const head = html.search(/<\/head>/i);
  const at = state !== -1 && (head === -1 || state < head) ? state : head;
  return at === -1 ? html : `${html.slice(0, at)}${hints}${html.slice(at)}`;
}

/** Two files per version of each remote and of the shell: room for many versions served at once. */
const MAX_CACHED_FILES = 256;

/** A JSON file of the shell's build, re-read when a deployment replaces it; null while it is missing or unreadable. */
function jsonFileReader<T>(parse: (raw: unknown) => T | null) {
  const cache = new Map<string, { mtimeMs: number; value: T | null }>();
  return (file: string): T | null => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      cache.delete(file); // a version whose files were removed keeps no entry
      return null; // not built here: the page works without hints
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    let value: T | null = null;
    try {
      value = parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      value = null; // being replaced by a deployment: no hints until it is whole
    }
    // Every deployed version of a remote brings its own files: keep the most recently read ones, so
    // a long-running instance that saw hundreds of deploys does not keep every one (a Map iterates
    // in insertion order, and a re-read re-inserts).
    cache.delete(file);
    cache.set(file, { mtimeMs, value });
    if (cache.size > MAX_CACHED_FILES) cache.delete(cache.keys().next().value!);
    return value;
  };
}

const bootFile = z.string().regex(/^[\w.-]+\.(js|css)$/);

/**
 * dist/text-files.json of the shell and of each remote (tooling/text-files-plugin.cjs): the chunks of
 * a package's texts per language, which its code imports before its first render.
 */
const textFilesSchema = z.object({ packages: z.record(z.string(), z.record(z.string(), z.array(bootFile))) });
type TextFiles = z.infer<typeof textFilesSchema>;

/** A package's texts in `lang`, or none. */
function textsOf(files: TextFiles | null, pkg: string, lang: Lang): string[] {
  return files?.packages[pkg]?.[lang] ?? [];
}

/** shell/dist/boot-files.json (shell/boot-files-plugin.cjs) */
const bootFilesSchema = z.object({
  files: z.array(bootFile),
  /** the files of each of the shell's own pages beyond those, by route id (each page is its own chunk) */
  pages: z.record(z.string(), z.array(bootFile)).default({}),
  /** false for a shell built without Module Federation (the benchmark's monolith): it loads no remote files */
  federation: z.boolean(),
  /** the federation runtime's files, which the shell loads when a page first needs a remote */
  federationRuntime: z.array(bootFile).default([]),
});

/**
 * Preload hints for the files every page needs at once (issue 15, the front page's requests in series).
 * The shell's start: main.js asks for the chunks of its bootstrap and of the shared libraries it uses
 * (shell/dist/boot-files.json, written by its build) only when it has arrived and run.
 * Then the remotes the page mounts:
 * without them the browser learns of a remote's manifest only when the shell's code runs, of its
 * remoteEntry.js when the manifest has arrived, and of the exposed module's files when that has run,
 * one round trip after another. Read from the mf-manifest.json of the version of each remote the
 * visitor is served (its `filesDir`), so the hints name the files that version loads. A remote the
 * browser loads from another origin gets a hint for its manifest only. A remote a developer
 * overrides gets none: the page loads their build instead.
 */
export function createPageHints(config: Pick<CoreConfig, 'shellDist'>) {
  const readManifest = jsonFileReader((raw) => federationManifestSchema.safeParse(raw).data ?? null);
  const readBootFiles = jsonFileReader((raw) => bootFilesSchema.safeParse(raw).data ?? null);
  const readTextFiles = jsonFileReader((raw) => textFilesSchema.safeParse(raw).data ?? null);

  /**
   * `remotesInShell`: the mounted remotes a shell built without federation (the benchmark's monolith) has in its own build;
   * `startsFederation`: the page mounts a remote (overridden or not), so the shell starts its federation runtime first
   */
  function shellHints(boot: z.infer<typeof bootFilesSchema> | null, route: ComposedRoute | null, lang: Lang, remotesInShell: readonly string[], startsFederation: boolean): PageHint[] {
    const texts = readTextFiles(path.join(config.shellDist, 'text-files.json'));
    // the shell's start, its texts (and those of the remotes in its build), its page's own chunk when the shell owns the page,
    // then its federation runtime when the page needs one
    const files = [
      ...['shell', ...remotesInShell].flatMap((pkg) => textsOf(texts, pkg, lang)),
      ...(route?.owner === 'shell' ? (boot?.pages[route.id] ?? []) : []),
      ...(startsFederation ? (boot?.federationRuntime ?? []) : []),
    ];
    // low as well: at high priority they took the link from the page's own HTML and CSS, and the first
    // paint (the server's skeleton) came a second later in Lighthouse's mobile run
    const hint = (file: string): PageHint => ({ href: `/shell/${file}`, as: file.endsWith('.css') ? 'style' : 'script', priority: 'low' });
    if (!boot) return files.map(hint);
    // the route table, which the shell's start fetches beside its start chunk (shell/src/bootstrap.tsx)
    return [...boot.files.map(hint), { href: ROUTE_TABLE_PATH, as: 'fetch', priority: 'low' }, ...files.map(hint)];
  }

  function hintsOf(remote: ServedRemote, exposed: readonly string[], lang: Lang): PageHint[] {
    const hints: PageHint[] = [{ href: remote.entry, as: 'fetch' }];
    if (!filesHere(remote)) return hints;
    const manifest = readManifest(path.join(remote.filesDir, 'mf-manifest.json'));
    if (!manifest) return hints;
    const { publicPath = 'auto', remoteEntry } = manifest.metaData;
    // 'auto' (and '') is the manifest's own folder, as the federation runtime resolves it
    const base = publicPath === 'auto' || publicPath === '' ? remote.entry.slice(0, remote.entry.lastIndexOf('/') + 1) : publicPath;
    const entryFile = remoteEntry.path ? `${remoteEntry.path.replace(/\/+$/, '')}/${remoteEntry.name}` : remoteEntry.name;
    hints.push({ href: `${base}${entryFile}`, as: 'script', priority: 'low' });
    for (const name of exposed) {
      const assets = manifest.exposes.find((expose) => expose.path === name)?.assets;
      if (!assets) continue;
      for (const file of assets.css.sync) hints.push({ href: `${base}${file}`, as: 'style', priority: 'low' });
      for (const file of assets.js.sync) hints.push({ href: `${base}${file}`, as: 'script', priority: 'low' });
    }
    // the remote's texts in the page's language, which its exposed module imports before it renders
    for (const file of textsOf(readTextFiles(path.join(remote.filesDir, 'text-files.json')), remote.id, lang)) {
      hints.push({ href: `${base}${file}`, as: 'script', priority: 'low' });
    }
    return hints;
  }

  /** `view`: the remotes this visitor is served */
  return function pageHints(request: FastifyRequest, route: ComposedRoute | null, lang: Lang, view: RemotesView, parcelsInHtml: ReadonlySet<string> = new Set()): PageHint[] {
    const overridden = view.overridesAllowed ? overriddenRemotes(request) : new Set<string>();
    const seen = new Set<string>();
    const boot = readBootFiles(path.join(config.shellDist, 'boot-files.json'));
    const mounted = modulesMounted(route, view.remotes, parcelsInHtml);
    const federated = boot?.federation !== false;
    const remoteHints = federated
      ? mounted.filter(({ remote }) => !overridden.has(remote.id)).flatMap(({ remote, exposed }) => hintsOf(remote, exposed, lang))
      : [];
    const remotesInShell = federated ? [] : mounted.map(({ remote }) => remote.id);
    return [...shellHints(boot, route, lang, remotesInShell, federated && mounted.length > 0), ...remoteHints].filter((hint) => (seen.has(hint.href) ? false : (seen.add(hint.href), true)));
  };
}
