import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteLocation } from '@portal/shared-api';
import { createMockApiClient, createMockMessagingClient } from '@portal/shared-api/mock';
import { createParcel, createToastStore, useShell } from '@portal/shared-ui';
import { actOnLifecycle, catalogueImports } from '@portal/shared-ui/test-utils';
import { mountRootParcel } from 'single-spa';
import { createShellContext } from '../app/create-shell-context';
import type { ParcelMounter } from '../app/runtime';
import { createSessionStore } from '../services/session-store';
import { initialState } from '../test/fixtures';
import { createRemoteParcelMounter, type RemoteParcelMounter } from './remote-parcels';

const account: RemoteLocation = { id: 'mf-account', name: 'mf_account', entry: '/remotes/mf-account/mf-manifest.json', frontPageParcels: [] };

/** A parcel as the account remote exposes it: createParcel around a form with `onDone`. */
function ConsentFormParcel({ onDone }: { onDone(answer: { type: string }): void }) {
  const shell = useShell();
  return (
    <button type="button" onClick={() => onDone({ type: 'success' })}>
      Save consents ({shell.lang})
    </button>
  );
}
const consentFormModule = createParcel({ remoteId: 'mf-account', messages: catalogueImports({ fi: {}, sv: {}, en: {} }) }, ConsentFormParcel);

const realMountParcel: ParcelMounter = (config, props) => mountRootParcel(config, props as Parameters<typeof mountRootParcel>[1]);

function shellContextWith(parcels: RemoteParcelMounter) {
  const state = initialState({ lang: 'fi' });
  return createShellContext({
    state,
    table: state.routes,
    routes: state.routes,
    session: createSessionStore(null),
    toasts: createToastStore().getState(),
    analytics: { push: jest.fn() },
    errors: { report: jest.fn() },
    api: { loadPage: jest.fn() },
    clients: { api: createMockApiClient(), messaging: createMockMessagingClient() },
    navigate: jest.fn(),
    parcels,
  });
}

describe('mounting another remote’s parcel (shell.mountParcel)', () => {
  test('loads the remote’s exposed module with the federation loader and mounts it with single-spa, in the page’s shell context; onDone reaches the page', async () => {
    const loadRemoteModule = jest.fn(async () => consentFormModule);
    const shell = shellContextWith(createRemoteParcelMounter({ remotes: [account], loadRemoteModule, mountParcel: realMountParcel }));
    const element = document.body.appendChild(document.createElement('div'));
    const onDone = jest.fn();
    const handle = shell.mountParcel('mf-account', './consent-form', element, { onDone });
    await actOnLifecycle(() => handle.mountPromise);
    expect(loadRemoteModule).toHaveBeenCalledWith(account, './consent-form');
    // the parcel reads the shell context it was given: the page's own (Finnish here)
    await userEvent.click(screen.getByRole('button', { name: 'Save consents (fi)' }));
    expect(onDone).toHaveBeenCalledWith({ type: 'success' });
    await act(() => handle.unmount());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    element.remove();
  });

  test('a remote that is not composed here rejects, and nothing is loaded', async () => {
    const loadRemoteModule = jest.fn(async () => consentFormModule);
    const mount = createRemoteParcelMounter({ remotes: [], loadRemoteModule, mountParcel: realMountParcel });
    await expect(mount('mf-account', './consent-form', document.createElement('div'), {}).mountPromise).rejects.toThrow('mf-account');
    expect(loadRemoteModule).not.toHaveBeenCalled();
  });

  test('a module that is not a parcel rejects; a failed load rejects with the loader’s error', async () => {
    const notAParcel = createRemoteParcelMounter({ remotes: [account], loadRemoteModule: async () => ({ something: 1 }), mountParcel: realMountParcel });
    await expect(notAParcel('mf-account', './consent-form', document.createElement('div'), {}).mountPromise).rejects.toThrow('single-spa lifecycles');
    const failing = createRemoteParcelMounter({ remotes: [account], loadRemoteModule: async () => Promise.reject(new Error('ChunkLoadError')), mountParcel: realMountParcel });
    await expect(failing('mf-account', './consent-form', document.createElement('div'), {}).mountPromise).rejects.toThrow('ChunkLoadError');
  });

  test('taken down while still loading: the parcel is never mounted', async () => {
    let finishLoading!: (module: unknown) => void;
    const loadRemoteModule = jest.fn(() => new Promise<unknown>((resolve) => (finishLoading = resolve)));
    const mountParcel = jest.fn(realMountParcel);
    const handle = createRemoteParcelMounter({ remotes: [account], loadRemoteModule, mountParcel })('mf-account', './consent-form', document.createElement('div'), {});
    const unmounted = handle.unmount();
    finishLoading(consentFormModule);
    await unmounted;
    await waitFor(() => expect(loadRemoteModule).toHaveBeenCalled());
    expect(mountParcel).not.toHaveBeenCalled();
  });
});
