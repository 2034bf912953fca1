import { act, screen } from '@testing-library/react';
import { renderShell } from '../test/render-shell';

describe('session expiry in the shell', () => {
  afterEach(() => jest.useRealTimers());

  test('warns at 90 s and 30 s, follows a slid expiry, and at expiry loads the expired-session page', () => {
    jest.useFakeTimers({ now: Date.parse('2030-01-01T10:00:00Z') });
    const { runtime } = renderShell('/en/visits?tab=2', { state: { session: { expiresAt: '2030-01-01T10:05:00.000Z', timeoutMinutes: 30 } } });
    act(() => jest.advanceTimersByTime(3.5 * 60_000));
    expect(screen.getByText('Your session will expire in 90 seconds.')).toBeInTheDocument();
    // an API response slid the session by five minutes: no further warning at the old moments
    act(() => runtime.shell.session.getState().setExpiresAt('2030-01-01T10:10:00.000Z'));
    act(() => jest.advanceTimersByTime(90_000));
    expect(screen.queryByText('Your session will expire in 30 seconds.')).not.toBeInTheDocument();
    expect(runtime.redirect).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(5 * 60_000 - 30_000));
    expect(screen.getByText('Your session will expire in 30 seconds.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(30_000));
    expect(runtime.redirect).toHaveBeenCalledWith('/en/expired-session?next=%2Fen%2Fvisits%3Ftab%3D2');
  });
});
