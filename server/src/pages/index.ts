import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildPath, findRoute, isLang, matchRoute } from '@portal/shared-i18n';
import { z } from 'zod';
import {
  apiErrorSchema,
  ROUTE_TABLE_PATH,
  validationErrorSchema,
  pageLoaderParamsSchema,
  pageLoaderQuerySchema,
  pageStateSchema,
  type ComposedRoute,
  type InitialState,
  type Lang,
  type PageState,
} from '@portal/shared-api';
import { notFound, unauthorized, validationError } from '../http/errors';
import { entryScriptReader, inlineEntryScript } from './entry-script';
import { compactRouteTable, createShellTemplate, type BootMode } from './html';
import { createShellMessages, createSkeleton, documentTitle } from './skeleton';
import { createPageHints, filesHere, insertHints, overriddenRemotes, renderHints, renderHintsForLater } from './page-hints';
import { createPrerenderedPages, type PrerenderedPage, type PrerenderedParcels } from './prerendered';
import { buildInitialState, effectiveFeatures, loadSignedIn, type SignedIn } from './initial-state';
import { defineModule } from '../modules/module';
import { PageLoaderRegistry } from './loaders';
import { createRouteTableSource } from './route-table';
import { ensureRemoteRegistry } from './static-remote-registry';
import { countServed, manifestOf, remotesViewOf } from './visitor-remotes';
import type { RemotesView } from '../modules/remote-registry/contract';
import { installClientErrors } from './client-errors';
import { installWebVitals } from '../modules/metrics/web-vitals';

/** First path segments that are never a language: they belong to other handlers. */
const RESERVED_SEGMENTS = new Set(['api', 'shell', 'remotes', 'oauth', 'broker']);
/** A top-level file name with an extension: no page's address looks like one. */
const FILE_NAME = /\.[a-z0-9]{2,5}$/i;

/**
 * The parameters a page's path needs, checked with the route's own patterns: missing, extra-free
 * (other query parameters are ignored) and matching `params[name]`.
 */
function checkParams(route: ComposedRoute, lang: Lang, params: Record<string, string>) {
  const names = route.paths[lang]
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
  const problems: { path: string; message: string }[] = [];
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params[name];
    const pattern = route.params?.[name];
    if (value === undefined || value === '') problems.push({ path: name, message: 'Required' });
    else if (pattern !== undefined && !new RegExp(`^(?:${pattern})$`).test(value)) {
      problems.push({ path: name, message: 'Invalid value' });
    } else values[name] = value;
  }
  return { problems, values };
}

interface LoadedPage {
  status: 200 | 404;
  page: PageState | null;
  redirectTo?: string;
}

/** Pages: the route table, the page loaders, the shell HTML with the initial state, GET /api/pages/:routeId. */
export function installPages(app: FastifyInstance): void {
  // In development (and so in the tests) every state a loader answers is checked against its page's schema.
  app.decorate('pageLoaders', new PageLoaderRegistry({ checkStates: app.config.environment === 'development' }));
  const registry = ensureRemoteRegistry(app);
  app.decorate('routeTable', createRouteTableSource(app.config, app.log, registry));
  const shellTemplate = createShellTemplate(app.config.shellDist);
  const entryScript = entryScriptReader(app.config.shellDist);
  const renderSkeleton = createSkeleton(app.config.shellDist);
  const shellMessages = createShellMessages(app.config.shellDist);
  const pageHints = createPageHints(app.config);
  const prerender = createPrerenderedPages(app.config, app.log);
  const defaultLang = app.config.defaultLang;
  let retainedRevision: number | null = null;

  /**
   * The remotes this visitor is served (their canary bucket: the cookie, set here when missing),
   * counted as served. A change of what is served lets go of the pre-render bundles of the versions
   * no longer served.
   */
  function servedView(request: FastifyRequest, reply: FastifyReply): RemotesView {
    const view = remotesViewOf(app, request, reply);
    countServed(registry, view);
    if (view.revision !== retainedRevision) {
      retainedRevision = view.revision;
      prerender.retain(registry.allServed().map((remote) => remote.filesDir));
    }
    return view;
  }

  async function runLoader(
    request: FastifyRequest,
    route: ComposedRoute,
    lang: Lang,
    params: Record<string, string>,
    signedIn: SignedIn | null,
  ): Promise<LoadedPage> {
    const loader = app.pageLoaders.get(route.id);
    if (!loader) return { status: 200, page: null };
    const result = await loader({
      db: app.db,
      config: app.config,
      lang,
      params,
      session: request.session,
      features: effectiveFeatures(app, signedIn),
      request,
    });
    return {
      status: result.status,
      page: { routeId: route.id, params, state: result.state },
      ...(result.redirectTo ? { redirectTo: result.redirectTo } : {}),
    };
  }

  /**
   * A signed-in front page's summaries, rendered by each remote's own bundle (issue 15: the summaries
   * at first paint, not after four remotes' code). Not for a remote a developer overrides (the page
   * shows their build's parcel) nor one served from elsewhere (its bundle is not here).
   */
  function frontPageParcels(request: FastifyRequest, state: InitialState, route: ComposedRoute | null, view: RemotesView): PrerenderedParcels {
    if (route?.id !== 'front-page' || !state.user) return {};
    const overridden = view.overridesAllowed ? overriddenRemotes(request) : new Set<string>();
    const servedHere = view.remotes.filter((remote) => !overridden.has(remote.id) && filesHere(remote));
    return prerender.parcels(state, request.url, servedHere);
  }

  /** The parcels whose code the page does not load: complete in the server's HTML of a page that has them. */
  function completeParcels(page: PrerenderedPage | null, parcels: PrerenderedParcels): Set<string> {
    if (!page) return new Set();
    return new Set(Object.entries(parcels).filter(([, parcel]) => parcel.complete).map(([key]) => key));
  }

  async function sendShell(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { lang: Lang; status: number; page: PageState | null; signedIn: SignedIn | null; route: ComposedRoute | null; routes: ComposedRoute[] },
  ) {
    const view = servedView(request, reply);
    const state = buildInitialState(app, request, {
      lang: input.lang,
      routes: input.routes,
      remotes: manifestOf(view),
      signedIn: input.signedIn,
      page: input.page,
    });
    const parcels = frontPageParcels(request, state, input.route, view);
    const page = prerender.page(state, input.route, request.url, view, parcels);
    const skeleton = renderSkeleton(state, input.route, { page, header: prerender.header(state, request.url), menu: prerender.menu(state, request.url) });
    // Where the server's HTML is the whole page (pre-rendered, inside the skeleton, and nothing that
    // only the running page shows), the shell's code is not needed for what the visitor sees: the
    // shell waits for their first interaction ('deferred', shell/src/deferred-boot.ts), signed in or
    // not. A signed-in visitor's button presses and typing in the meantime are handed over to the
    // running page, and the entry starts the shell in time for the session's expiry warnings
    // (the page carries the expiry). Where the content is pre-rendered in part, the shell starts
    // right after the paint that shows it ('after-paint'). In both cases the files it will need are
    // listed for it to preload when it starts, not preloaded by the HTML, which would fetch them
    // beside the page's HTML and CSS before that paint; and Lighthouse counts every request started
    // before the largest paint as a cause of it (issue 31, docs/performance.md).
    const wholePage = page !== null && page.complete && skeleton !== '';
    const boot: BootMode | undefined = wholePage ? 'deferred' : page !== null && skeleton !== '' ? 'after-paint' : undefined;
    const hints = pageHints(request, input.route, input.lang, view, completeParcels(page, parcels));
    // Compressed like the API's answers, signed in or not (issue 31). The one secret a page holds
    // is the csrfToken, masked afresh in every answer (sessions/csrf-mask.ts), so the compressed
    // size cannot leak it (BREACH); the session cookie is never in the body. docs/security.md.
    return reply
      .status(input.status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        inlineEntryScript(
          insertHints(shellTemplate.render(state, skeleton, { boot, title: documentTitle(shellMessages(state.lang), state, input.route, page?.html ?? null) }), boot ? renderHintsForLater(hints) : renderHints(hints)),
          entryScript.forRequest(request.raw),
        ),
      );
  }

  app.get('/', async (_request, reply) => reply.redirect(`/${defaultLang}`, 302));

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const queryIndex = url.indexOf('?');
    const pathname = queryIndex === -1 ? url : url.slice(0, queryIndex);
    const first = pathname.split('/')[1] ?? '';
    // A file the browser asks for by itself (/favicon.ico, /robots.txt, /apple-touch-icon.png) is
    // not a page: sent to the front page, it made every signed-in page view read and audit the
    // front page a second time (issue 33's access log showed each visit twice).
    if (RESERVED_SEGMENTS.has(first) || (pathname.lastIndexOf('/') === 0 && FILE_NAME.test(first))) return reply.callNotFound();
    if (!isLang(first)) return reply.redirect(`/${defaultLang}`, 302);
    const lang: Lang = first;
    // the pages of the versions this visitor is served
    const routes = app.routeTable.current(remotesViewOf(app, request, reply));
    const match = matchRoute(routes, pathname);
    const signedIn = await loadSignedIn(app, request);
    if (!match) return sendShell(request, reply, { lang, status: 404, page: null, signedIn, route: null, routes });
    if (match.route.kind === 'logged-in' && !request.session) {
      // The children's brand's entry is its transaction-path landing (own or a child's matters):
      // a visitor who is not signed in and opens the site (/ or /{lang}) meets it, not the adult
      // login page. A deep link keeps going to the login page with its nextPath.
      const landing = match.route.id === 'front-page' ? findRoute(routes, 'landing') : undefined;
      if (landing) return reply.redirect(buildPath(landing, lang), 302);
      const login = findRoute(routes, 'login');
      const loginPath = login ? buildPath(login, lang) : `/${lang}`;
      return reply.redirect(`${loginPath}?nextPath=${encodeURIComponent(url)}`, 302);
    }
    const loaded = await runLoader(request, match.route, lang, match.params, signedIn);
    const target = loaded.redirectTo ? findRoute(routes, loaded.redirectTo) : undefined;
    if (target && target.id !== match.route.id) return reply.header('cache-control', 'no-store').redirect(buildPath(target, lang), 302);
    return sendShell(request, reply, { lang, status: loaded.status, page: loaded.page, signedIn, route: match.route, routes });
  };
  // Compressed (brotli or gzip, as the API) unless sendShell says otherwise for a signed-in page.
  app.get('/:lang', pageHandler);
  app.get('/:lang/*', pageHandler);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/pages/:routeId',
    {
      schema: {
        params: pageLoaderParamsSchema,
        querystring: pageLoaderQuerySchema,
        response: {
          200: pageStateSchema,
          400: validationErrorSchema,
          401: apiErrorSchema,
          404: z.union([pageStateSchema, apiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const { routeId } = request.params;
      const { lang, ...params } = request.query;
      const route = app.routeTable.current(remotesViewOf(app, request)).find((r) => r.id === routeId);
      if (!route || !app.pageLoaders.has(routeId)) throw notFound(`No page '${routeId}'`);
      if (route.kind === 'logged-in' && !request.session) throw unauthorized();
      const { problems, values } = checkParams(route, lang, params);
      if (problems.length) return reply.status(400).send(validationError(problems));
      const loaded = await runLoader(request, route, lang, values, await loadSignedIn(app, request));
      return reply.status(loaded.status).send(loaded.page as PageState);
    },
  );

  // Per visitor (their canary bucket's versions): revalidated, and never shared by a cache between browsers.
  app.get('/remotes.json', { config: { session: false, cache: 'revalidate' } }, async (request, reply) =>
    reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie')
      .header('access-control-allow-origin', '*')
      .send(manifestOf(servedView(request, reply))),
  );

  // The route table the shell starts with (the page's HTML no longer carries it, issue 31): per
  // visitor as /remotes.json, revalidated by its ETag, so a second page costs a 304.
  app.get(ROUTE_TABLE_PATH, { config: { session: false, cache: 'revalidate' } }, async (request, reply) => {
    const json = JSON.stringify(compactRouteTable(app.routeTable.current(remotesViewOf(app, request)), app.config.brand));
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
    reply.header('cache-control', 'private, no-cache').header('vary', 'cookie').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  installClientErrors(app);
  installWebVitals(app);
}

/**
 * The pages every module's page loaders plug into: `app.pageLoaders`, `app.routeTable`, the shell's
 * HTML with the initial state, and GET /api/pages/:routeId. Installed before the modules that
 * register page loaders.
 */
export const pagesModule = defineModule({
  name: 'pages',
  install(app) {
    installPages(app);
  },
});
