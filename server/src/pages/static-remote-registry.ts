import type { FastifyInstance } from 'fastify';
import type { RemoteLocation } from '@portal/shared-api';
import type { CoreConfig } from '../config/core';
import type { RemoteRegistry, RemotesView, ServedRemote } from '../modules/remote-registry/contract';
import { isServedHere, remoteDistDir } from './route-table';

/** The version id of the build a server serves from its own disk when no registry says otherwise. */
export const BUILTIN_VERSION = 'builtin';

/** Where the browser loads a remote's files from: null for this server, else the entry's origin. */
export function originOf(remote: Pick<RemoteLocation, 'id' | 'entry'>): string | null {
  if (isServedHere(remote) || !/^https?:\/\//i.test(remote.entry)) return null;
  return new URL(remote.entry).origin;
}

/** One remote of the configured manifest, served its built-in version. */
export function builtinServed(config: Pick<CoreConfig, 'remotesDistRoot'>, remote: RemoteLocation): ServedRemote {
  return { ...remote, version: BUILTIN_VERSION, canary: false, filesDir: remoteDistDir(config, remote.id), origin: originOf(remote) };
}

/**
 * The registry of a server without one (tests, and the fallback until the registry module is
 * installed): every visitor is served the remotes of `config.remotes`, each its built-in version,
 * with no canary. Revision 0 for ever: nothing changes while it runs.
 */
export function createStaticRemoteRegistry(config: Pick<CoreConfig, 'remotes' | 'remotesDistRoot'>): RemoteRegistry {
  const view: RemotesView = {
    remotes: config.remotes.remotes.map((remote) => builtinServed(config, remote)),
    overridesAllowed: config.remotes.overridesAllowed,
    revision: 0,
  };
  return {
    viewFor: () => view,
    allServed: () => view.remotes,
    refresh: async () => undefined,
    ready: () => true,
    countServed: () => undefined,
    countClientError: () => undefined,
  };
}

/** `app.remoteRegistry`, the static one unless the registry module (installed earlier) has decorated it. */
export function ensureRemoteRegistry(app: FastifyInstance): RemoteRegistry {
  if (!app.hasDecorator('remoteRegistry')) app.decorate('remoteRegistry', createStaticRemoteRegistry(app.config));
  return app.remoteRegistry;
}
