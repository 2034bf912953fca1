import type { ModuleFederation } from '@module-federation/runtime';
import type { RemoteLocation } from '@portal/shared-api';
import { loadWithRetry, REMOTE_LOAD_DEFAULTS, type RetryOptions } from './load-with-retry';

/** Loads a remote's exposed module ('./app', './summary'); the seam tests replace. */
export type RemoteModuleLoader = (remote: RemoteLocation, exposed: string) => Promise<unknown>;

let remotesToRegister: readonly RemoteLocation[] = [];
let runtime: Promise<ModuleFederation> | undefined;

/**
 * The federation runtime, loaded and started on first use: a page whose summaries the server rendered
 * whole (the front page) never needs it, so it is not part of the shell's start (issue 15). A chunk
 * that failed to load is asked for again on the next call.
 */
function federationRuntime(): Promise<ModuleFederation> {
  runtime ??= import(/* webpackChunkName: "federation-runtime" */ './federation-runtime').then(
    ({ startFederation }) => startFederation(remotesToRegister),
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}

/** The remotes the runtime knows (the host has no remotes of its own at build time); registered when it starts. */
export function registerFederatedRemotes(remotes: readonly RemoteLocation[]): void {
  remotesToRegister = remotes;
  // a runtime whose chunk did not arrive starts with remotesToRegister when it is asked for again
  void runtime?.then(
    (federation) => federation.registerRemotes(remotes.map((remote) => ({ name: remote.name, entry: remote.entry }))),
    () => undefined,
  );
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
        const federation = await federationRuntime();
        if (failedContainers.delete(remote.name)) {
          federation.registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
        }
        let loaded: unknown;
        try {
          loaded = await federation.loadRemote<unknown>(id);
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
