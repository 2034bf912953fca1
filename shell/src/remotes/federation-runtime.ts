import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import type { RemoteLocation } from '@portal/shared-api';
import { sharedLibraries } from './shared-libraries';

/**
 * The page's one Module Federation runtime, started when a page first needs a remote (this module is
 * a chunk of its own, loaded by ./federation.ts): the shell's instance, with the remotes registered
 * and the shell's copies of the shared libraries provided. The plugin publishes this runtime-core on
 * the global every remote's entry takes it from (the remotes are built with `externalRuntime`).
 */
export function startFederation(remotes: readonly RemoteLocation[]): ModuleFederation {
  return createInstance({
    name: 'shell',
    remotes: remotes.map((remote) => ({ name: remote.name, entry: remote.entry })),
    shared: sharedLibraries(),
    // as the remotes' builds (tooling/webpack.cjs): a shared library comes from what is loaded, the
    // shell's copies, without fetching every registered remote's entry to compare versions first
    shareStrategy: 'loaded-first',
    plugins: [injectExternalRuntimeCore()],
  });
}
