import { loadWithRetry, RemoteLoadTimeoutError } from './load-with-retry';

describe('loadWithRetry', () => {
  afterEach(() => jest.useRealTimers());
  const options = { timeoutMs: 15_000, retries: 2, delayMs: 500 };

  test('retries a failed load up to twice and resolves with the first success', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('a')).mockRejectedValueOnce(new Error('b')).mockResolvedValueOnce('module');
    await expect(loadWithRetry('mf_records/app', load, { ...options, delayMs: 1 })).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
  });

  test('gives up after the retries with the last error', async () => {
    const load = jest.fn().mockRejectedValue(new Error('offline'));
    await expect(loadWithRetry('mf_records/app', load, { ...options, delayMs: 1 })).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(3);
  });

  test('an attempt that hangs times out after 15 s', async () => {
    jest.useFakeTimers();
    const load = jest.fn(() => new Promise<never>(() => undefined));
    const result = loadWithRetry('mf_records/app', load, { ...options, retries: 0 });
    const assertion = expect(result).rejects.toBeInstanceOf(RemoteLoadTimeoutError);
    await jest.advanceTimersByTimeAsync(14_999);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await assertion;
  });
});
