import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { remoteRoutesFileSchema, type ComposedRoute, type RemoteLocation, type RouteDefinition, type RouteTable } from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import { repoRoot } from '../paths';

/** Where a remote's built files live: <REMOTES_DIST_ROOT>/<remote id>/dist */
export function remoteDistDir(config: Pick<CoreConfig, 'remotesDistRoot'>, remoteId: string): string {
  return path.join(config.remotesDistRoot, remoteId, 'dist');
}

/**
 * Whether the browser loads the remote from this server (its entry is the manifest under
 * /remotes/<id>/, served from remoteDistDir): only then are its build's files here to read.
 */
export function isServedHere(remote: Pick<RemoteLocation, 'id' | 'entry'>): boolean {
  return remote.entry === `/remotes/${remote.id}/mf-manifest.json`;
}

interface CachedFile {
  mtimeMs: number;
  routes: RouteDefinition[] | null;
}

export interface RouteTableSource {
  /** The composed table for this brand and these features (re-read when a routes.json changes). */
  current(): RouteTable;
}

/**
 * Composes [...shell routes, ...each remote's dist/routes.json] and filters it by brand and
 * features. A remote deploys a new page by replacing its routes.json: files are re-read when their
 * modification time changes, so no server restart is needed.
 */
export function createRouteTableSource(config: CoreConfig, log: FastifyBaseLogger): RouteTableSource {
  const cache = new Map<string, CachedFile>();

  function readRoutesFile(file: string, owner: string): RouteDefinition[] | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      // Said once per disappearance, not on every request.
      if (cache.get(file)?.mtimeMs !== -1) {
        log.warn({ owner, file }, 'routes.json is missing; its pages are left out');
      }
      cache.set(file, { mtimeMs: -1, routes: null });
      return null;
    }
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.routes;
    let routes: RouteDefinition[] | null = null;
    try {
      const parsed = remoteRoutesFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) routes = parsed.data;
      else log.error({ owner, file, problems: z.prettifyError(parsed.error) }, 'routes.json is invalid; its pages are left out');
    } catch (err) {
      log.error({ owner, file, err }, 'routes.json could not be read; its pages are left out');
    }
    cache.set(file, { mtimeMs, routes });
    return routes;
  }

  function shellRoutes(): RouteDefinition[] {
    // The shell's build ships routes.json beside index.html; its source copy serves a server run
    // without a shell build (tests, server-only development).
    const candidates = [path.join(config.shellDist, 'routes.json'), path.join(repoRoot, 'shell', 'routes.json')];
    const file = candidates.find((f) => existsSync(f));
    const routes = file ? readRoutesFile(file, 'shell') : null;
    if (!routes) throw new Error(`The shell's routes.json was not found (looked in ${candidates.join(', ')})`);
    return routes;
  }

  function available(route: RouteDefinition): boolean {
    return route.brands.includes(config.brand) && route.features.every((f) => config.features.includes(f));
  }

  return {
    current() {
      const composed: ComposedRoute[] = shellRoutes().map((r) => ({ ...r, owner: 'shell' }));
      for (const remote of config.remotes.remotes) {
        const routes = readRoutesFile(path.join(remoteDistDir(config, remote.id), 'routes.json'), remote.id);
        for (const route of routes ?? []) composed.push({ ...route, owner: remote.id });
      }
      const seen = new Set<string>();
      return composed.filter((route) => {
        if (seen.has(route.id)) {
          log.warn({ routeId: route.id, owner: route.owner }, 'duplicate route id; the first one wins');
          return false;
        }
        seen.add(route.id);
        return available(route);
      });
    },
  };
}
