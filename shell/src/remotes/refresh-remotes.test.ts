/** @jest-environment node */
import type { RemoteLocation } from '@portal/shared-api';
import { createRemotesRefresher } from './refresh-remotes';

const records: RemoteLocation = { id: 'mf-records', name: 'mf_records', entry: '/remotes/mf-records/mf-manifest.json', frontPageParcels: ['./summary'], version: 'builtin' };
const booking: RemoteLocation = { id: 'mf-booking', name: 'mf_booking', entry: '/remotes/mf-booking/mf-manifest.json', frontPageParcels: [], version: 'builtin' };
const records2: RemoteLocation = { ...records, entry: 'https://static.example/mf-records/v2/mf-manifest.json', version: 'v2' };

function setup(manifest: () => Promise<unknown>, overrides: Record<string, string> = {}) {
  let clock = 0;
  let remotes: readonly RemoteLocation[] = [records, booking];
  const apply = jest.fn((next: RemoteLocation[]) => {
    remotes = next;
  });
  const fetchManifest = jest.fn(manifest);
  const refresh = createRemotesRefresher({ fetchManifest, current: () => remotes, overrides, apply, minIntervalMs: 60_000, now: () => clock });
  return {
    refresh,
    apply,
    fetchManifest,
    advance: (ms: number) => {
      clock += ms;
    },
    remotes: () => remotes,
  };
}

describe('the remotes manifest, looked at again before a remote’s page mounts (issue 29)', () => {
  it('hands a manifest with a new version to the federation, and the page’s own state counts as fresh for a minute', async () => {
    const t = setup(async () => ({ remotes: [records2, booking], overridesAllowed: false }));
    await t.refresh();
    expect(t.fetchManifest).not.toHaveBeenCalled();
    t.advance(60_000);
    await t.refresh();
    expect(t.apply).toHaveBeenCalledWith([records2, booking]);
    await t.refresh();
    expect(t.fetchManifest).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the manifest names the same versions, or cannot be read', async () => {
    const answers: (() => Promise<unknown>)[] = [
      async () => ({ remotes: [records, booking], overridesAllowed: false }),
      async () => ({ remotes: 'nonsense' }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    const t = setup(() => (answers.shift() as () => Promise<unknown>)());
    for (let i = 0; i < 3; i++) {
      t.advance(60_000);
      await t.refresh();
    }
    expect(t.fetchManifest).toHaveBeenCalledTimes(3);
    expect(t.apply).not.toHaveBeenCalled();
    expect(t.remotes()).toEqual([records, booking]);
  });

  it('keeps a remote a developer overrides where the override points', async () => {
    const t = setup(async () => ({ remotes: [records2, { ...booking, version: 'v7', entry: 'https://static.example/mf-booking/v7/mf-manifest.json' }], overridesAllowed: true }), {
      'mf-records': 'http://127.0.0.1:3002/mf-manifest.json',
    });
    t.advance(60_000);
    await t.refresh();
    expect(t.apply).toHaveBeenCalledWith([records, expect.objectContaining({ id: 'mf-booking', version: 'v7' })]);
  });

  it('lets the page mount with what it has when the answer is late, and takes the answer for the next page', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const t = setup(() => new Promise((resolve) => (answer = resolve)));
    jest.useFakeTimers();
    try {
      t.advance(60_000);
      const waiting = t.refresh();
      jest.advanceTimersByTime(1_500);
      await waiting;
      expect(t.apply).not.toHaveBeenCalled();
      answer({ remotes: [records2, booking], overridesAllowed: false });
      await t.refresh();
      expect(t.apply).toHaveBeenCalledWith([records2, booking]);
      expect(t.fetchManifest).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
