import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { remoteRoutesFileSchema, type ComposedRoute, type RemoteLocation, type RouteDefinition, type RouteTable } from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import type { RemoteRegistry, RemotesView, ServedRemote } from '../modules/remote-registry/contract';
import { repoRoot } from '../paths';
import { activeView, isBuiltinVersion } from './visitor-remotes';

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

function versionKey(remote: Pick<ServedRemote, 'id' | 'version'>): string {
  return `${remote.id}@${remote.version}`;
}

interface CachedFile {
  mtimeMs: number;
  routes: RouteDefinition[] | null;
}

export interface RouteTableSource {
  /**
   * The composed table for this brand and these features, with the remotes of `view` (the versions
   * one visitor is served); without one, of what a visitor outside every canary is served.
   */
  current(view?: RemotesView): RouteTable;
}

/**
 * Composes [...shell routes, ...each served remote's routes.json] and filters it by brand and
 * features. Each remote's routes come from the version the view serves (its `filesDir`), read once
 * per version: a deployed version's files never change. A built-in version (the dist on this
 * server's disk, which a deployment or `npm run dev:remote` replaces in place) is re-read when its
 * modification time changes, so no server restart is needed either way.
 */
export function createRouteTableSource(config: CoreConfig, log: FastifyBaseLogger, registry: RemoteRegistry): RouteTableSource {
  const cache = new Map<string, CachedFile>();
  /** deployed versions' routes by `<remote>@<version>`, for the versions served now */
  const versions = new Map<string, RouteDefinition[] | null>();

  function readRoutesFile(file: string, owner: string): RouteDefinition[] | null {
    let mtimeMs: number;
    const cached = cache.get(file);
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      // Said once per disappearance, not on every request.
      if (cached?.mtimeMs !== -1) {
        log.warn({ owner, file }, 'routes.json is missing; its pages are left out');
      }
      cache.set(file, { mtimeMs: -1, routes: null });
      return null;
    }
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

  /** A served remote's routes: a built-in dist's by modification time, a deployed version's once. */
  function remoteRoutes(remote: ServedRemote): RouteDefinition[] | null {
    const file = path.join(remote.filesDir, 'routes.json');
    if (isBuiltinVersion(remote.version)) return readRoutesFile(file, remote.id);
    const key = versionKey(remote);
    const known = versions.get(key);
    if (known !== undefined) return known;
    const routes = readRoutesFile(file, remote.id);
    cache.delete(file);
    // a new version: the ones no longer served to anyone are forgotten
    const served = new Set(registry.allServed().map(versionKey));
    for (const other of versions.keys()) if (!served.has(other)) versions.delete(other);
    versions.set(key, routes);
    return routes;
  }

  return {
    current(view = activeView(registry)) {
      const composed: ComposedRoute[] = shellRoutes().map((r) => ({ ...r, owner: 'shell' }));
      for (const remote of view.remotes) {
        const routes = remoteRoutes(remote);
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
