import type { RemotesManifest } from '@portal/shared-api';
import { OVERRIDES_STORAGE_KEY, resolveOverrides, type OverrideStorage } from './overrides';

function memoryStorage(initial: Record<string, string> = {}): OverrideStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

const manifest = (overridesAllowed: boolean): RemotesManifest => ({
  remotes: [
    { id: 'mf-records', name: 'mf_records', entry: '/remotes/mf-records/mf-manifest.json', frontPageParcels: ['./summary'] },
    { id: 'mf-booking', name: 'mf_booking', entry: '/remotes/mf-booking/mf-manifest.json', frontPageParcels: [] },
  ],
  overridesAllowed,
});
const origin = 'https://portal.test';
const devUrl = 'http://localhost:3101/mf-manifest.json';

describe('resolveOverrides', () => {
  test('a query override points one remote elsewhere, is remembered and removed from the address', () => {
    const storage = memoryStorage();
    const warn = jest.fn();
    const result = resolveOverrides({ manifest: manifest(true), search: `?mf-override=mf-records=${encodeURIComponent(devUrl)}&x=1`, origin, storage, warn });
    expect(result.active).toEqual({ 'mf-records': devUrl });
    expect(result.remotes.map((r) => r.entry)).toEqual([devUrl, '/remotes/mf-booking/mf-manifest.json']);
    expect(JSON.parse(storage.data[OVERRIDES_STORAGE_KEY] ?? '{}')).toEqual({ 'mf-records': devUrl });
    expect(result.cleanedSearch).toBe('?x=1');
    expect(warn).not.toHaveBeenCalled();
  });

  test('a remembered override applies on later pages', () => {
    const storage = memoryStorage({ [OVERRIDES_STORAGE_KEY]: JSON.stringify({ 'mf-booking': devUrl }) });
    const result = resolveOverrides({ manifest: manifest(true), search: '', origin, storage, warn: jest.fn() });
    expect(result.active).toEqual({ 'mf-booking': devUrl });
    expect(result.cleanedSearch).toBeNull();
  });

  test('refused with a warning where overrides are not allowed', () => {
    const storage = memoryStorage({ [OVERRIDES_STORAGE_KEY]: JSON.stringify({ 'mf-booking': devUrl }) });
    const warn = jest.fn();
    const result = resolveOverrides({ manifest: manifest(false), search: `?mf-override=mf-records=${devUrl}`, origin, storage, warn });
    expect(result.active).toEqual({});
    expect(result.remotes.map((r) => r.entry)).toEqual(['/remotes/mf-records/mf-manifest.json', '/remotes/mf-booking/mf-manifest.json']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not allowed'));
  });

  test('?mf-override-reset clears every override', () => {
    const storage = memoryStorage({ [OVERRIDES_STORAGE_KEY]: JSON.stringify({ 'mf-booking': devUrl }) });
    const result = resolveOverrides({ manifest: manifest(true), search: '?mf-override-reset', origin, storage, warn: jest.fn() });
    expect(result.active).toEqual({});
    expect(storage.data[OVERRIDES_STORAGE_KEY]).toBeUndefined();
    expect(result.cleanedSearch).toBe('');
  });

  test('malformed values and unknown remotes are ignored with a warning', () => {
    const warn = jest.fn();
    const result = resolveOverrides({
      manifest: manifest(true),
      search: `?mf-override=mf-records&mf-override=mf-nothing=${devUrl}&mf-override=mf-booking=javascript:alert(1)`,
      origin,
      storage: memoryStorage(),
      warn,
    });
    expect(result.active).toEqual({});
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
