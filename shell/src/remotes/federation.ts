import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLocation } from '@portal/shared-api';
import { loadWithRetry, REMOTE_LOAD_DEFAULTS, type RetryOptions } from './load-with-retry';

/** Loads a remote's exposed module ('./app', './summary'); the seam tests replace. */
export type RemoteModuleLoader = (remote: RemoteLocation, exposed: string) => Promise<unknown>;

/** Registers the remotes with the Module Federation runtime (the host is built with `remotes: {}`). */
export function registerFederatedRemotes(remotes: readonly RemoteLocation[]): void {
  registerRemotes(remotes.map((remote) => ({ name: remote.name, entry: remote.entry })));
}

/**
 * `loadRemote('<name>/app')` with a timeout and retries. A container that never loaded is registered
 * again (force) before a retry, because the runtime keeps the failed manifest/entry promise cached.
 * (A timed-out attempt is not marked failed: its load may still complete.)
 */
export function createFederationLoader(options: RetryOptions = REMOTE_LOAD_DEFAULTS): RemoteModuleLoader {
  const loadedContainers = new Set<string>();
  const failedContainers = new Set<string>();
  return async (remote, exposed) => {
    const id = `${remote.name}/${exposed.replace(/^\.\//, '')}`;
    const module = await loadWithRetry(
      id,
      async () => {
        if (failedContainers.delete(remote.name)) {
          registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
        }
        let loaded: unknown;
        try {
          loaded = await loadRemote<unknown>(id);
          if (loaded === null || loaded === undefined) throw new Error(`Remote module ${id} is empty`);
        } catch (error) {
          if (!loadedContainers.has(remote.name)) failedContainers.add(remote.name);
          throw error;
        }
        return loaded;
      },
      options,
    );
    loadedContainers.add(remote.name);
    return module;
  };
}
