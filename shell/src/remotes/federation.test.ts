/** @jest-environment node */
import type { RemoteLocation } from '@portal/shared-api';
import type * as Federation from './federation';

// The runtime's chunk, as the shell loads it on first use: a fake instance, so what the loader asks
// of the runtime (and when) is what the test sees.
const startFederation = jest.fn();
let chunkFailures = 0;
jest.mock('./federation-runtime', () => {
  if (chunkFailures > 0) {
    chunkFailures -= 1;
    throw new Error('ChunkLoadError: Loading chunk federation-runtime failed');
  }
  return { startFederation };
});

const records: RemoteLocation = { id: 'mf-records', name: 'mf_records', entry: '/remotes/mf-records/mf-manifest.json' } as RemoteLocation;
const payments: RemoteLocation = { id: 'mf-payments', name: 'mf_payments', entry: '/remotes/mf-payments/mf-manifest.json' } as RemoteLocation;
const quick = { timeoutMs: 1_000, retries: 2, delayMs: 1 };

function fakeRuntime(loadRemote: (id: string) => Promise<unknown>) {
  return { loadRemote: jest.fn(loadRemote), registerRemotes: jest.fn() };
}

/** A fresh copy of ./federation (its runtime is started once per page, so once per module instance), and of the runtime's chunk. */
function freshFederation(): typeof Federation {
  jest.resetModules();
  return jest.requireActual<typeof Federation>('./federation');
}

beforeEach(() => {
  startFederation.mockReset();
  chunkFailures = 0;
});

describe('the shell’s federation runtime, started when a page first needs a remote (issue 15)', () => {
  it('is not started by registering the remotes; the first remote module starts it with them, and it is started once', async () => {
    const runtime = fakeRuntime((id) => Promise.resolve({ id }));
    startFederation.mockReturnValue(runtime);
    const { registerFederatedRemotes, createFederationLoader } = freshFederation();
    registerFederatedRemotes([records, payments]);
    expect(startFederation).not.toHaveBeenCalled();

    const load = createFederationLoader(quick);
    await expect(load(records, './app')).resolves.toEqual({ id: 'mf_records/app' });
    await expect(load(payments, './summary')).resolves.toEqual({ id: 'mf_payments/summary' });
    expect(startFederation).toHaveBeenCalledTimes(1);
    expect(startFederation).toHaveBeenCalledWith([records, payments]);
  });

  it('registers a remote that is added after it started with the running runtime at once', async () => {
    const runtime = fakeRuntime(() => Promise.resolve({}));
    startFederation.mockReturnValue(runtime);
    const { registerFederatedRemotes, createFederationLoader } = freshFederation();
    registerFederatedRemotes([records]);
    await createFederationLoader(quick)(records, './app');

    registerFederatedRemotes([records, payments]);
    await Promise.resolve();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_payments', entry: payments.entry }]);
  });

  it('registers a remote whose entry changed (an override, a new version) by force for its next load, never under a mounted one', async () => {
    const loaded: string[] = [];
    const runtime = fakeRuntime((id) => Promise.resolve({ id }));
    let entryNow = records.entry;
    runtime.registerRemotes.mockImplementation((remotes: { entry: string }[]) => {
      entryNow = remotes[0]?.entry ?? entryNow;
    });
    runtime.loadRemote.mockImplementation((id: string) => {
      loaded.push(`${id} from ${entryNow}`);
      return Promise.resolve({ id });
    });
    startFederation.mockReturnValue(runtime);
    const { registerFederatedRemotes, createFederationLoader, remoteVersionOf } = freshFederation();
    registerFederatedRemotes([{ ...records, version: 'v1' }]);
    const load = createFederationLoader(quick);
    await load(records, './app');
    expect(remoteVersionOf('mf-records')).toBe('v1');

    const version2 = { ...records, entry: 'https://static.example/mf-records/v2/mf-manifest.json', version: 'v2' };
    registerFederatedRemotes([version2]);
    await Promise.resolve();
    // the page that has version 1 mounted keeps it: nothing is replaced until the remote is next loaded
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(remoteVersionOf('mf-records')).toBe('v1');

    // the caller still knows the location the page started with; the load takes the manifest's
    await load(records, './app');
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_records', entry: version2.entry }], { force: true });
    expect(loaded).toEqual(['mf_records/app from /remotes/mf-records/mf-manifest.json', `mf_records/app from ${version2.entry}`]);
    expect(remoteVersionOf('mf-records')).toBe('v2');

    await load(records, './summary');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('asks for the runtime’s chunk again when it did not arrive, and then loads the remote', async () => {
    chunkFailures = 1;
    const runtime = fakeRuntime(() => Promise.resolve({ mounted: true }));
    startFederation.mockReturnValue(runtime);
    const { registerFederatedRemotes, createFederationLoader } = freshFederation();
    registerFederatedRemotes([records]);
    await expect(createFederationLoader(quick)(records, './app')).resolves.toEqual({ mounted: true });
    expect(chunkFailures).toBe(0); // the first import failed
    expect(startFederation).toHaveBeenCalledTimes(1);
  });

  it('takes remotes registered while the runtime’s chunk fails, without an unhandled rejection, and starts with them on the next try', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      chunkFailures = 1;
      startFederation.mockReturnValue(fakeRuntime(() => Promise.resolve({ mounted: true })));
      const { registerFederatedRemotes, createFederationLoader } = freshFederation();
      registerFederatedRemotes([records]);
      const loading = createFederationLoader({ ...quick, delayMs: 20 })(records, './app');
      registerFederatedRemotes([records, payments]);
      await expect(loading).resolves.toEqual({ mounted: true });
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(startFederation).toHaveBeenCalledWith([records, payments]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('registers a remote whose entry failed again, by force, before trying it once more', async () => {
    let attempts = 0;
    const runtime = fakeRuntime(() => (++attempts === 1 ? Promise.reject(new Error('RUNTIME-003: manifest not reachable')) : Promise.resolve({ ok: true })));
    startFederation.mockReturnValue(runtime);
    const { registerFederatedRemotes, createFederationLoader } = freshFederation();
    registerFederatedRemotes([records]);
    await expect(createFederationLoader(quick)(records, './app')).resolves.toEqual({ ok: true });
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mf_records', entry: records.entry }], { force: true });
  });

  it('rejects with the last error when the remote stays unreachable (the page shows its error view)', async () => {
    startFederation.mockReturnValue(fakeRuntime(() => Promise.reject(new Error('RUNTIME-003: manifest not reachable'))));
    const { createFederationLoader } = freshFederation();
    await expect(createFederationLoader(quick)(records, './app')).rejects.toThrow('RUNTIME-003');
  });
});
