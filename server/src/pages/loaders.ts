import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageStateSchemas, type Lang, type PageStateOf, type RouteId, type RouteWithState } from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import type { Database } from '../db/index';
import type { SessionInfo } from '../modules/sessions/service';

export interface LoaderContext {
  db: Database;
  config: CoreConfig;
  lang: Lang;
  /** the route's parameters (validated against the route's patterns) */
  params: Record<string, string>;
  /** the signed-in session; loaders of logged-in pages always get one */
  session: SessionInfo | null;
  /** environment features plus the user's own */
  features: string[];
  request: FastifyRequest;
}

/** A loader's answer: the page state, with 404 when the thing the page shows does not exist. */
export interface LoaderResult<State = unknown> {
  status: 200 | 404;
  state: State;
  /**
   * Another page this visitor belongs on (e.g. the front page of someone who is not yet a customer
   * sends them to registration): a full page load answers 302 to that page in the same language,
   * so the first HTML is already the right page. The API (client-side navigation) answers `state`.
   */
  redirectTo?: RouteId;
}

/** The loader of route R: it can only answer the state shared-api's pageStateSchemas gives R. */
export type PageLoader<R extends RouteWithState> = (ctx: LoaderContext) => Promise<LoaderResult<PageStateOf<R>>>;

/**
 * A page's loader as its own file exports it (issue 32): the loader of route `<part>.<page>` is
 * `export const loader: PageLoaderFactory<'<part>.<page>', PageDeps>` in
 * server/src/modules/<part>/pages/<page>.ts (a shell page's: tooling/route-ids-server.cjs), made from
 * the module's page dependencies (its pages/deps.ts) when the module installs. The registration is
 * generated from routes.json (the module's pages/index.generated.ts: `registerPageLoaders(app, deps)`).
 */
export type PageLoaderFactory<R extends RouteWithState, Deps> = (deps: Deps) => PageLoader<R>;

/** The usual page dependencies of a module: the app (services read at request time) and the module's own config. */
export interface ModulePageDeps<Config> {
  app: FastifyInstance;
  config: Config;
}

/** What the page routes call: the loader of whichever route was asked for. */
export type AnyPageLoader = (ctx: LoaderContext) => Promise<LoaderResult>;

export class PageStateMismatchError extends Error {
  constructor(routeId: RouteWithState, error: z.ZodError) {
    super(`The page loader of '${routeId}' answered a state its page schema refuses:\n${z.prettifyError(error)}`);
  }
}

export interface PageLoaderRegistryOptions {
  /**
   * Parse every answer with the route's page state schema and throw PageStateMismatchError when it
   * does not match (development and tests: a loader that drifts from its page fails loudly there
   * instead of in the browser). The state sent is always the loader's own, never the parse result.
   */
  checkStates?: boolean;
}

/**
 * Page loaders keyed by route id; each feature module registers its own. `register` is typed by
 * shared-api's pageStateSchemas, so a loader that answers another shape than its page reads does
 * not compile, and a route without a state schema cannot have a loader.
 */
export class PageLoaderRegistry {
  private readonly loaders = new Map<string, AnyPageLoader>();
  private readonly checkStates: boolean;

  constructor(options: PageLoaderRegistryOptions = {}) {
    this.checkStates = options.checkStates ?? false;
  }

  register<R extends RouteWithState>(routeId: R, loader: PageLoader<NoInfer<R>>): void {
    if (this.loaders.has(routeId)) throw new Error(`A page loader for '${routeId}' is already registered`);
    if (!this.checkStates) {
      this.loaders.set(routeId, loader);
      return;
    }
    const schema: z.ZodType = pageStateSchemas[routeId];
    this.loaders.set(routeId, async (ctx) => {
      const result = await loader(ctx);
      const checked = schema.safeParse(result.state);
      if (!checked.success) throw new PageStateMismatchError(routeId, checked.error);
      return result;
    });
  }

  get(routeId: string): AnyPageLoader | undefined {
    return this.loaders.get(routeId);
  }

  has(routeId: string): boolean {
    return this.loaders.has(routeId);
  }

  /** Every route that has a loader, in registration order. */
  routeIds(): string[] {
    return [...this.loaders.keys()];
  }
}

export const ok = <State>(state: State): LoaderResult<State> & { status: 200 } => ({ status: 200, state });
export const notFoundState = <State>(state: State): LoaderResult<State> & { status: 404 } => ({ status: 404, state });
