import type { FastifyRequest } from 'fastify';
import type { Lang } from '@portal/shared-api';
import type { Config } from '../config';
import type { Database } from '../db/index';
import type { SessionInfo } from '../modules/sessions/service';

export interface LoaderContext {
  db: Database;
  config: Config;
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
export interface LoaderResult {
  status: 200 | 404;
  state: unknown;
}

export type PageLoader = (ctx: LoaderContext) => Promise<LoaderResult>;

/** Page loaders keyed by route id; each feature module registers its own. */
export class PageLoaderRegistry {
  private readonly loaders = new Map<string, PageLoader>();

  register(routeId: string, loader: PageLoader): void {
    if (this.loaders.has(routeId)) throw new Error(`A page loader for '${routeId}' is already registered`);
    this.loaders.set(routeId, loader);
  }

  get(routeId: string): PageLoader | undefined {
    return this.loaders.get(routeId);
  }

  has(routeId: string): boolean {
    return this.loaders.has(routeId);
  }
}

export const ok = (state: unknown): LoaderResult => ({ status: 200, state });
export const notFoundState = (state: unknown): LoaderResult => ({ status: 404, state });
