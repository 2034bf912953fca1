import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { remoteDistDir } from '../../pages/route-table';
import { defineModule } from '../module';

/** Files a deployment replaces in place: always revalidated. Everything else is content-hashed. */
const REVALIDATED = new Set(['mf-manifest.json', 'routes.json', 'remoteEntry.js', 'main.js', 'index.html', 'mf-stats.json']);

/** Helmet's headers that apply to a document (or a worker), not to the files a document loads. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export function cacheControlFor(filePath: string): string {
  // the pre-compressed copy the browser is sent (main.js.br) is cached as the file it stands for
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return REVALIDATED.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable';
}

/** /shell/ from SHELL_DIST, /remotes/<id>/ from each remote's dist (CORS-open for dev-server shells). */
export async function installStatic(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // Files are the same for everyone: no session is read, and they set their own cache-control.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, session: false, cache: 'static' };
    });
    await registerStaticFolders(scope);
  });
}

async function registerStaticFolders(app: FastifyInstance): Promise<void> {
  const { config } = app;
  let decorated = false;
  // Helmet's headers are written after setHeaders, so the cross-origin opening happens here. So is
  // leaving out the headers that only a document reads (the CSP, framing, referrer, opener...): a
  // script or stylesheet carries them for nothing, about 600 bytes on each of a page's 15-27 files.
  // nosniff (a script must be served as one), the resource policy and HSTS stay.
  app.addHook('onSend', async (request, reply) => {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    if (request.url.startsWith('/remotes/')) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
  const register = async (prefix: string, root: string) => {
    if (!existsSync(root)) {
      app.log.warn({ prefix, root }, 'static folder missing; nothing is served under it');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: !decorated,
      cacheControl: false,
      index: false,
      wildcard: true,
      // dist/prerender/ is the server's own pre-render bundle (pages/prerendered.ts), not for browsers.
      allowedPath: (pathName) => !/^\/?prerender(\/|$)/.test(pathName),
      // The build writes .br and .gz beside each file; the best one the browser accepts is sent as is.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
        reply.header('vary', 'accept-encoding');
      },
    });
    decorated = true;
  };
  await register('/shell/', config.shellDist);
  for (const remote of config.remotes.remotes) {
    await register(`/remotes/${remote.id}/`, remoteDistDir(config, remote.id));
  }
}

/** The built shell and remotes, for the browser: no session, their own caching. */
export const staticFilesModule = defineModule({
  name: 'static-files',
  install: installStatic,
});
