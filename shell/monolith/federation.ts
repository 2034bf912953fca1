// The monolithic build's stand-in for ../src/remotes/federation.ts (webpack.config.cjs aliases it):
// the same exports, but a remote's exposed module is a chunk of the shell's own build, imported
// with import() at the same seams where the composed portal asks the federation runtime for it.
// It exists only to measure what federation costs (e2e/bench/web.ts); the portal never ships it.
import type { RemoteLocation } from '@portal/shared-api';
import { exposedModules } from './exposed-modules';

export type RemoteModuleLoader = (remote: RemoteLocation, exposed: string) => Promise<unknown>;

/** Nothing to register: every remote is already part of the build. */
export function registerFederatedRemotes(_remotes: readonly RemoteLocation[]): void {}

/** The import() of '<container name>/<exposed>' (e.g. 'mf_records/summary'), as loadRemote would resolve it. */
export function createFederationLoader(): RemoteModuleLoader {
  return async (remote, exposed) => {
    const id = `${remote.name}/${exposed.replace(/^\.\//, '')}`;
    const load = exposedModules[id];
    if (!load) throw new Error(`Remote module ${id} is not part of the monolithic build`);
    return load();
  };
}
