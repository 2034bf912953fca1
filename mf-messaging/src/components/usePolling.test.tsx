import { act, render } from '@testing-library/react';
import { usePolling } from './usePolling';

function Poller({ poll, enabled = true }: { poll: (signal: AbortSignal) => Promise<void>; enabled?: boolean }) {
  usePolling(poll, { intervalMs: 120_000, enabled });
  return null;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('polling every 120 s (spec part 1 §2, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setVisibility('visible');
  });

  test('polls after each interval, not before', async () => {
    const poll = jest.fn(() => Promise.resolve());
    render(<Poller poll={poll} />);
    await act(async () => jest.advanceTimersByTime(119_999));
    expect(poll).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    expect(poll).toHaveBeenCalledTimes(1);
    await act(async () => jest.advanceTimersByTime(120_000));
    expect(poll).toHaveBeenCalledTimes(2);
  });

  test('does not poll while disabled', async () => {
    const poll = jest.fn(() => Promise.resolve());
    render(<Poller poll={poll} enabled={false} />);
    await act(async () => jest.advanceTimersByTime(600_000));
    expect(poll).not.toHaveBeenCalled();
  });

  test('pauses while the tab is hidden and catches up when it is shown again', async () => {
    const poll = jest.fn(() => Promise.resolve());
    render(<Poller poll={poll} />);
    setVisibility('hidden');
    await act(async () => jest.advanceTimersByTime(600_000));
    expect(poll).not.toHaveBeenCalled();
    await act(async () => {
      setVisibility('visible');
      jest.advanceTimersByTime(0);
    });
    expect(poll).toHaveBeenCalledTimes(1);
  });

  test('aborts a running poll and stops when unmounted', async () => {
    let signal: AbortSignal | undefined;
    const poll = jest.fn((s: AbortSignal) => {
      signal = s;
      return new Promise<void>(() => {});
    });
    const { unmount } = render(<Poller poll={poll} />);
    await act(async () => jest.advanceTimersByTime(120_000));
    unmount();
    expect(signal?.aborted).toBe(true);
    await act(async () => jest.advanceTimersByTime(600_000));
    expect(poll).toHaveBeenCalledTimes(1);
  });
});
