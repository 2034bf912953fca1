import { scheduleSessionWarnings } from './schedule-session-warnings';

describe('scheduleSessionWarnings', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const now = Date.parse('2030-01-01T10:00:00Z');
  const handlers = () => ({ warn: jest.fn(), expire: jest.fn() });

  test('warns 90 s and 30 s before expiry and expires at expiry', () => {
    const h = handlers();
    scheduleSessionWarnings(now + 5 * 60_000, now, h);
    jest.advanceTimersByTime(5 * 60_000 - 90_001);
    expect(h.warn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(h.warn).toHaveBeenLastCalledWith(90);
    jest.advanceTimersByTime(60_000);
    expect(h.warn).toHaveBeenLastCalledWith(30);
    expect(h.expire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(30_000);
    expect(h.expire).toHaveBeenCalledTimes(1);
    expect(h.warn).toHaveBeenCalledTimes(2);
  });

  test('cancelling and rescheduling follows a sliding expiry', () => {
    const h = handlers();
    const cancel = scheduleSessionWarnings(now + 120_000, now, h);
    jest.advanceTimersByTime(60_000);
    expect(h.warn).toHaveBeenCalledTimes(1);
    cancel();
    // an API response slid the session by 30 minutes
    scheduleSessionWarnings(now + 60_000 + 30 * 60_000, now + 60_000, h);
    jest.advanceTimersByTime(60_000);
    expect(h.warn).toHaveBeenCalledTimes(1);
    expect(h.expire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(29 * 60_000);
    expect(h.expire).toHaveBeenCalledTimes(1);
  });

  test('a warning whose moment has passed is skipped', () => {
    const h = handlers();
    scheduleSessionWarnings(now + 60_000, now, h);
    jest.advanceTimersByTime(60_000);
    expect(h.warn.mock.calls).toEqual([[30]]);
    expect(h.expire).toHaveBeenCalledTimes(1);
  });

  test('an expiry further away than a browser timer can wait is not fired early', () => {
    const h = handlers();
    scheduleSessionWarnings(now + 40 * 24 * 3600_000, now, h);
    jest.advanceTimersByTime(30 * 24 * 3600_000);
    expect(h.warn).not.toHaveBeenCalled();
    expect(h.expire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10 * 24 * 3600_000);
    expect(h.expire).toHaveBeenCalledTimes(1);
  });

  test('nothing happens for a session that has already ended', () => {
    const h = handlers();
    scheduleSessionWarnings(new Date(now - 1000).toISOString(), now, h);
    jest.advanceTimersByTime(10 * 60_000);
    expect(h.warn).not.toHaveBeenCalled();
    expect(h.expire).not.toHaveBeenCalled();
  });
});
