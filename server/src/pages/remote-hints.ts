import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  INITIAL_STATE_ELEMENT_ID,
  REMOTE_OVERRIDE_PARAM,
  REMOTE_OVERRIDE_RESET_PARAM,
  REMOTE_OVERRIDES_COOKIE,
  type ComposedRoute,
  type RemoteLocation,
} from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import { remoteDistDir } from './route-table';

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
type FederationManifest = z.infer<typeof federationManifestSchema>;

export interface RemoteHint {
  href: string;
  /** the destination the browser checks the later request against: fetch (the manifest), script, style */
  as: 'fetch' | 'script' | 'style';
}

/** The remotes a page mounts at once, with the modules it asks them for. */
function modulesMounted(route: ComposedRoute | null, remotes: readonly RemoteLocation[]): { remote: RemoteLocation; exposed: string[] }[] {
  if (!route) return [];
  // The shell's front page mounts every remote's front-page parcels (FrontPage.tsx, in manifest order).
  if (route.id === 'front-page') {
    return remotes.filter((remote) => remote.frontPageParcels.length > 0).map((remote) => ({ remote, exposed: remote.frontPageParcels }));
  }
  const owner = remotes.find((remote) => remote.id === route.owner);
  return owner ? [{ remote: owner, exposed: ['./app'] }] : [];
}

/** The remote ids a developer points at their own build: this request's `?mf-override=` and the shell's cookie. */
function overriddenRemotes(request: FastifyRequest): Set<string> {
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

export function renderHints(hints: readonly RemoteHint[]): string {
  return hints
    .map(({ href, as }) =>
      // crossorigin on the manifest: the runtime fetch()es it in CORS mode, and a preload is used only by a
      // request of the same mode. Scripts and styles are plain <script>/<link> elements, without it.
      `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}>`,
    )
    .join('');
}

/** The hints go before the initial state (long JSON), so the browser's preload scanner meets them early. */
export function insertHints(html: string, hints: string): string {
  if (!hints) return html;
  const state = html.indexOf(`<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}"`);
  const head = html.search(/<\/head>/i);
  const at = state !== -1 && (head === -1 || state < head) ? state : head;
  return at === -1 ? html : `${html.slice(0, at)}${hints}${html.slice(at)}`;
}

/**
 * Preload hints for the remotes the page mounts (issue 15, the front page's requests in series):
 * without them the browser learns of a remote's manifest only when the shell's code runs, of its
 * remoteEntry.js when the manifest has arrived, and of the exposed module's files when that has run,
 * one round trip after another. Read from each remote's built mf-manifest.json, so the hints name
 * the deployed files. A remote served from elsewhere (the manifest not in this server's remotes
 * folder) gets a hint for its manifest only. A remote a developer overrides gets none: the page
 * loads their build instead.
 */
export function createRemoteHints(config: Pick<CoreConfig, 'remotes' | 'remotesDistRoot'>) {
  const cache = new Map<string, { mtimeMs: number; manifest: FederationManifest | null }>();

  function readManifest(file: string): FederationManifest | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null; // not built here: the page works without hints
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.manifest;
    let manifest: FederationManifest | null = null;
    try {
      const parsed = federationManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      manifest = parsed.success ? parsed.data : null;
    } catch {
      manifest = null; // being replaced by a deployment: no hints until it is whole
    }
    cache.set(file, { mtimeMs, manifest });
    return manifest;
  }

  function hintsOf(remote: RemoteLocation, exposed: readonly string[]): RemoteHint[] {
    const hints: RemoteHint[] = [{ href: remote.entry, as: 'fetch' }];
    const servedHere = `/remotes/${remote.id}/mf-manifest.json`;
    if (remote.entry !== servedHere) return hints;
    const manifest = readManifest(path.join(remoteDistDir(config, remote.id), 'mf-manifest.json'));
    if (!manifest) return hints;
    const { publicPath = 'auto', remoteEntry } = manifest.metaData;
    // 'auto' (and '') is the manifest's own folder, as the federation runtime resolves it
    const base = publicPath === 'auto' || publicPath === '' ? `/remotes/${remote.id}/` : publicPath;
    const entryFile = remoteEntry.path ? `${remoteEntry.path.replace(/\/+$/, '')}/${remoteEntry.name}` : remoteEntry.name;
    hints.push({ href: `${base}${entryFile}`, as: 'script' });
    for (const name of exposed) {
      const assets = manifest.exposes.find((expose) => expose.path === name)?.assets;
      if (!assets) continue;
      for (const file of assets.css.sync) hints.push({ href: `${base}${file}`, as: 'style' });
      for (const file of assets.js.sync) hints.push({ href: `${base}${file}`, as: 'script' });
    }
    return hints;
  }

  return function remoteHints(request: FastifyRequest, route: ComposedRoute | null): RemoteHint[] {
    const overridden = config.remotes.overridesAllowed ? overriddenRemotes(request) : new Set<string>();
    const seen = new Set<string>();
    return modulesMounted(route, config.remotes.remotes)
      .filter(({ remote }) => !overridden.has(remote.id))
      .flatMap(({ remote, exposed }) => hintsOf(remote, exposed))
      .filter((hint) => (seen.has(hint.href) ? false : (seen.add(hint.href), true)));
  };
}
