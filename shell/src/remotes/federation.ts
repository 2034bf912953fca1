import type { ModuleFederation } from '@module-federation/runtime';
import type { RemoteLocation } from '@portal/shared-api';
import { loadWithRetry, REMOTE_LOAD_DEFAULTS, type RetryOptions } from './load-with-retry';

/** Loads a remote's exposed module ('./app', './summary'); the seam tests replace. */
export type RemoteModuleLoader = (remote: RemoteLocation, exposed: string) => Promise<unknown>;

let remotesToRegister: readonly RemoteLocation[] = [];
let runtime: Promise<ModuleFederation> | undefined;
/** the entry the running runtime has for each container name */
const registeredEntries = new Map<string, string>();
/** the version of each remote whose module was last loaded (its errors are tagged with it) */
const loadedVersions = new Map<string, string | undefined>();

/**
 * The federation runtime, loaded and started on first use: a page whose summaries the server rendered
 * whole (the front page) never needs it, so it is not part of the shell's start (issue 15). A chunk
 * that failed to load is asked for again on the next call.
 */
function federationRuntime(): Promise<ModuleFederation> {
  runtime ??= import(/* webpackChunkName: "federation-runtime" */ './federation-runtime').then(
    ({ startFederation }) => {
      registeredEntries.clear();
      for (const remote of remotesToRegister) registeredEntries.set(remote.name, remote.entry);
      return startFederation(remotesToRegister);
    },
    (error: unknown) => {
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}

/**
 * The remotes the runtime knows (the host has no remotes of its own at build time); registered when
 * it starts. Called again with a later manifest (an override, a new version the registry serves):
 * a remote the runtime does not know yet is registered at once; one whose entry changed is
 * registered again (by force) when it is next loaded, so a page that has it mounted keeps it and
 * the next mount gets the new one.
 */
export function registerFederatedRemotes(remotes: readonly RemoteLocation[]): void {
  remotesToRegister = remotes;
  // a runtime whose chunk did not arrive starts with remotesToRegister when it is asked for again
  void runtime?.then(
    (federation) => {
      const added = remotes.filter((remote) => !registeredEntries.has(remote.name));
      if (added.length === 0) return;
      for (const remote of added) registeredEntries.set(remote.name, remote.entry);
      federation.registerRemotes(added.map((remote) => ({ name: remote.name, entry: remote.entry })));
    },
    () => undefined,
  );
}

/** Where a remote is now (the latest manifest), by its container name; `remote` when the manifest no longer names it. */
function currentLocationOf(remote: RemoteLocation): RemoteLocation {
  return remotesToRegister.find((candidate) => candidate.name === remote.name) ?? remote;
}

/** The remotes as the latest manifest names them (overrides applied). */
export function federatedRemotes(): readonly RemoteLocation[] {
  return remotesToRegister;
}

/** The remote's location now, by id: the version its next mount loads. */
export function currentRemote(remoteId: string): RemoteLocation | undefined {
  return remotesToRegister.find((remote) => remote.id === remoteId);
}

/** The version of a remote whose module this page runs (else the one its next load gets): its errors' tag. */
export function remoteVersionOf(remoteId: string): string | undefined {
  return loadedVersions.has(remoteId) ? loadedVersions.get(remoteId) : currentRemote(remoteId)?.version;
}

/**
 * `loadRemote('<name>/app')` with a timeout and retries. A container that never loaded is registered
 * again (force) before a retry, because the runtime keeps the failed manifest/entry promise cached.
 * (A timed-out attempt is not marked failed: its load may still complete.)
 */
export function createFederationLoader(options: RetryOptions = REMOTE_LOAD_DEFAULTS): RemoteModuleLoader {
  const loadedContainers = new Set<string>();
  const failedContainers = new Set<string>();
  return async (requested, exposed) => {
    const id = `${requested.name}/${exposed.replace(/^\.\//, '')}`;
    // the version the latest manifest names, whichever location the caller knew
    const remote = currentLocationOf(requested);
    const module = await loadWithRetry(
      id,
      async () => {
        const federation = await federationRuntime();
        const registered = registeredEntries.get(remote.name);
        if (registered !== undefined && registered !== remote.entry) {
          // a new version: its container replaces the old one for this load and the ones after it
          federation.registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
          registeredEntries.set(remote.name, remote.entry);
          loadedContainers.delete(remote.name);
          failedContainers.delete(remote.name);
        } else if (failedContainers.delete(remote.name)) {
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
    loadedVersions.set(remote.id, remote.version);
    return module;
  };
}
