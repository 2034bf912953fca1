import type { RemoteLocation } from '@portal/shared-api';
import type { RemoteParcelHandle } from '@portal/shared-ui';
import type { ParcelConfig } from 'single-spa';
import type { ParcelHandle, ParcelMounter } from '../app/runtime';
import type { RemoteModuleLoader } from './federation';
import { toLifecycles } from './resilient-application';

export interface RemoteParcelMounterDeps {
  /** the remotes composed here (the manifest with overrides applied) */
  remotes: readonly RemoteLocation[];
  /** the federation loader the applications and the front page's summaries use (timeout, retries) */
  loadRemoteModule: RemoteModuleLoader;
  /** single-spa's mountRootParcel */
  mountParcel: ParcelMounter;
}

/** Mounts one remote's exposed parcel into an element with the given props (the shell context adds `shell`). */
export type RemoteParcelMounter = (remoteId: string, exposed: string, domElement: HTMLElement, props: Record<string, unknown>) => RemoteParcelHandle;

/**
 * The shell's side of a remote's <RemoteParcel>: the same path as the front page's ParcelSlot (the
 * federation loader, then single-spa's mountRootParcel), by remote id. A remote that is not composed
 * here, a module that is not a parcel, or a failed load or mount rejects `mountPromise`; taken down
 * before the load ends, the parcel is never mounted.
 */
export function createRemoteParcelMounter({ remotes, loadRemoteModule, mountParcel }: RemoteParcelMounterDeps): RemoteParcelMounter {
  return (remoteId, exposed, domElement, props) => {
    let cancelled = false;
    let parcel: ParcelHandle | null = null;
    const mountPromise = (async () => {
      const remote = remotes.find((candidate) => candidate.id === remoteId);
      if (!remote) throw new Error(`Remote ${remoteId} is not composed in this environment`);
      const module = await loadRemoteModule(remote, exposed);
      if (cancelled) return;
      const config = toLifecycles(module) as unknown as ParcelConfig;
      parcel = mountParcel(config, { ...props, domElement });
      await parcel.mountPromise;
    })();
    return {
      mountPromise,
      async unmount() {
        cancelled = true;
        await mountPromise.catch(() => undefined);
        await parcel?.unmount();
      },
    };
  };
}
