import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { routeIds, type DeployRemoteVersion } from '@portal/shared-api';
import { fixturesDir } from './helpers';

/**
 * Fake but well-formed remote builds for the registry's tests, shaped as tooling/webpack.cjs emits
 * them (mf-manifest.json with its shared libraries, remoteEntry.js, routes.json, text-files.json and
 * the text chunks it names, a browser chunk, prerender/index.cjs), and a static file server on
 * 127.0.0.1 that serves them as a team's static host would.
 */

export const sri = (bytes: string | Uint8Array) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

export type Catalogues = Record<string, Record<string, string>>;

export interface FakeBuildOptions {
  remoteId: string;
  /** the federation container name; default the remote id with `_` */
  name?: string;
  /** routes.json's content (default: the remote's fixture routes) */
  routes?: unknown;
  /** by language; default a catalogue of two keys in fi, sv and en */
  messages?: Catalogues;
  shared?: { name: string; requiredVersion: string }[];
  /** prerender/index.cjs (null: the build has none) */
  prerender?: string | null;
  /** a marker that makes this build's bytes differ from another's */
  marker?: string;
}

export interface FakeBuild {
  /** the folder under the static root, e.g. `mf-records/v1` */
  folder: string;
  files: Record<string, string>;
  integrity: { manifest: string; entry: string };
  /** the bytes of each file, by relative path */
  contents: Map<string, Buffer>;
}

export const DEFAULT_SHARED = [
  { name: 'react', requiredVersion: '^19.0.0' },
  { name: 'react/jsx-runtime', requiredVersion: '^19.0.0' },
  { name: 'react-dom', requiredVersion: '^19.1.0' },
  { name: 'react-intl', requiredVersion: '^12.0.0' },
  { name: 'zustand', requiredVersion: '^5.0.0' },
  { name: '@portal/shared-ui', requiredVersion: '0.1.0' },
];

/**
 * The remote's fixture routes (server/test/fixtures), less the pages only the tests have: a deployed
 * version may declare only pages this server knows (their loaders ship with the server).
 */
export function fixtureRoutes(remoteId: string): unknown[] {
  const routes = JSON.parse(readFileSync(path.join(fixturesDir, 'remotes', remoteId, 'dist', 'routes.json'), 'utf8')) as { id: string }[];
  const known = new Set<string>(routeIds);
  return routes.filter((route) => known.has(route.id));
}

const defaultMessages = (remoteId: string): Catalogues => ({
  fi: { [`${remoteId}.title`]: 'Otsikko', [`${remoteId}.close`]: 'Sulje' },
  sv: { [`${remoteId}.title`]: 'Rubrik', [`${remoteId}.close`]: 'Stäng' },
  en: { [`${remoteId}.title`]: 'Title', [`${remoteId}.close`]: 'Close' },
});

/** A text chunk as webpack writes a `messages/<lang>.json` import: a JSONP chunk whose module exports the JSON. */
function textChunk(container: string, id: number, catalogue: Record<string, string>): string {
  const json = JSON.stringify(catalogue).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  return `"use strict";(self.webpackChunk${container}=self.webpackChunk${container}||[]).push([[${id}],{${id + 8000}(t){t.exports=JSON.parse('${json}')}}]);`;
}

/** Writes a build under `<root>/<folder>/` and answers what a deploy of it sends. */
export function writeFakeBuild(root: string, folder: string, options: FakeBuildOptions): FakeBuild {
  const name = options.name ?? options.remoteId.replace(/-/g, '_');
  const marker = options.marker ?? folder;
  const contents = new Map<string, Buffer>();
  const put = (file: string, text: string) => contents.set(file, Buffer.from(text));

  const messages = options.messages ?? defaultMessages(options.remoteId);
  const textFiles: Record<string, string[]> = {};
  let chunkId = 100;
  for (const [lang, catalogue] of Object.entries(messages)) {
    const file = `${chunkId}.${createHash('sha256').update(marker + lang).digest('hex').slice(0, 10)}.js`;
    put(file, textChunk(name, chunkId, catalogue));
    textFiles[lang] = [file];
    chunkId += 1;
  }
  put('text-files.json', JSON.stringify({ packages: { [options.remoteId]: textFiles } }));
  put('routes.json', JSON.stringify(options.routes ?? fixtureRoutes(options.remoteId), null, 2));
  put('remoteEntry.js', `var ${name};/* ${marker} */ (()=>{ ${name} = { get: () => null, init: () => null }; })();`);
  put('__federation_expose_app.0123456789.js', `/* ${marker}: the app's code */`);
  put('__federation_expose_app.0123456789.js.gz', 'not really gzip');
  if (options.prerender !== null) put('prerender/index.cjs', options.prerender ?? `/* ${marker} */ exports.render = () => null;\n`);
  put(
    'mf-manifest.json',
    JSON.stringify({
      id: name,
      name,
      metaData: {
        name,
        type: 'app',
        buildInfo: { buildVersion: '0.1.0', buildName: `@portal/${options.remoteId}`, marker },
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        types: { path: '', name: '', zip: '', api: '' },
        globalName: name,
        pluginVersion: '2.9.2',
        publicPath: 'auto',
      },
      shared: (options.shared ?? DEFAULT_SHARED).map((library) => ({
        id: `${name}:${library.name}`,
        name: library.name,
        version: library.requiredVersion.replace(/^[\^~]/, ''),
        singleton: true,
        requiredVersion: library.requiredVersion,
        assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } },
        fallback: '',
      })),
      remotes: [],
      exposes: [{ id: `${name}:app`, name: 'app', assets: { js: { sync: ['__federation_expose_app.0123456789.js'], async: [] }, css: { sync: [], async: [] } }, path: './app' }],
    }),
  );

  const dir = path.join(root, folder);
  rmSync(dir, { recursive: true, force: true });
  for (const [file, bytes] of contents) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), bytes);
  }
  const files = Object.fromEntries([...contents].map(([file, bytes]) => [file, sri(bytes)]));
  return { folder, files, integrity: { manifest: files['mf-manifest.json']!, entry: files['remoteEntry.js']! }, contents };
}

/** What the deploy command sends for a build served at `origin`. */
export function deployBody(origin: string, build: FakeBuild, version: string, extra: Partial<DeployRemoteVersion> & { expectedActiveVersion: string | null }): DeployRemoteVersion {
  return {
    version,
    manifestUrl: `${origin}/${build.folder}/mf-manifest.json`,
    integrity: build.integrity,
    files: build.files,
    gitCommit: 'abc1234',
    ...extra,
  };
}

export interface StaticHost {
  origin: string;
  /** paths asked for since the last reset */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `root` on a free port of 127.0.0.1, as a static host does (no listing, no redirects). */
export async function startStaticHost(root: string): Promise<StaticHost> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep)) {
      response.writeHead(404).end();
      return;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-length': bytes.length, 'access-control-allow-origin': '*' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // the server's fetch keeps connections alive; they would hold close() for seconds
        server.closeAllConnections();
      }),
  };
}
