import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MfaChallengeOutcome } from '@portal/shared-api';
import type { ShellApi } from '../app/runtime';
import { renderShell } from '../test/render-shell';
import { MFA_FADE_OUT_MS } from './SmsOnboardingBox';

const frontPage = { routeId: 'front-page', params: {}, state: { firstName: 'Mikko', summaries: {} } };
const mfaOnboardingParam = { phoneNumber: '+358 40 555 0101' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderBox(api: Partial<ShellApi> = {}, fakeTimers = false) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const view = renderShell('/en', { state: { page: frontPage, mfaOnboardingParam }, api, runtime: { remotes: [] } });
  return { user, ...view };
}

const phoneField = () => screen.getByRole('textbox', { name: 'Mobile phone number' });
const confirmButton = () => screen.getByRole('button', { name: 'Send code' });
const digit = (n: number) => screen.getByRole('textbox', { name: `Digit ${n}/4` });
const box = () => screen.queryByRole('region', { name: 'SMS login' });

/** Renders the box and goes to the code step. */
async function toCodeStep(answer: (code: string) => Promise<MfaChallengeOutcome>, fakeTimers = false) {
  const answerMfaChallenge = jest.fn((code: string, _signal?: AbortSignal) => answer(code));
  const view = renderBox({ answerMfaChallenge }, fakeTimers);
  await view.user.click(confirmButton());
  await waitFor(() => expect(digit(1)).toHaveFocus());
  return { ...view, answerMfaChallenge };
}

describe('SMS login onboarding box', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  test('appears on the front page with the server-supplied number in a labelled field', () => {
    renderBox();
    expect(box()).toBeInTheDocument();
    expect(phoneField()).toHaveValue('+358 40 555 0101');
    expect(phoneField()).toHaveAttribute('type', 'tel');
    expect(confirmButton()).toBeEnabled();
  });

  test('does not appear without the phone-number parameter', () => {
    renderShell('/en', { state: { page: frontPage, mfaOnboardingParam: null }, runtime: { remotes: [] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Mikko!' })).toBeInTheDocument();
    expect(box()).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mobile phone number' })).not.toBeInTheDocument();
  });

  test('an invalid number shows a message tied to the field and disables the confirm button', async () => {
    const { user, runtime } = renderBox();
    for (const invalid of ['12345', '+358 40 abc', '++3584012345', '0 40-555 0101']) {
      await user.clear(phoneField());
      await user.type(phoneField(), invalid);
      expect(confirmButton()).toBeDisabled();
      expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
      expect(phoneField()).toHaveAccessibleDescription('Enter a phone number with at least 6 digits, for example +358 40 123 4567.');
      // Enter does not send either
      await user.type(phoneField(), '{Enter}');
    }
    expect(runtime.api.requestMfaCode).not.toHaveBeenCalled();
    // spaces do not count; an optional leading plus and six digits are enough
    for (const valid of ['123 456', '+123456', '040 555 0101']) {
      await user.clear(phoneField());
      await user.type(phoneField(), valid);
      expect(confirmButton()).toBeEnabled();
      expect(phoneField()).not.toHaveAttribute('aria-invalid');
    }
  });

  test('Enter sends the number; confirm is disabled while the request is pending', async () => {
    const pending = deferred<void>();
    const requestMfaCode = jest.fn((_phone: string, _signal?: AbortSignal) => pending.promise);
    const { user } = renderBox({ requestMfaCode });
    await user.clear(phoneField());
    await user.type(phoneField(), '+358 40 111 2222{Enter}');
    expect(requestMfaCode).toHaveBeenCalledTimes(1);
    expect(requestMfaCode).toHaveBeenCalledWith('+358 40 111 2222', expect.any(AbortSignal));
    expect(confirmButton()).toBeDisabled();
    await user.type(phoneField(), '{Enter}');
    expect(requestMfaCode).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve());
    expect(await screen.findByRole('group', { name: 'Enter the 4-digit code sent to +358 40 111 2222' })).toBeInTheDocument();
  });

  test('a failed code request shows an error toast and keeps the number step', async () => {
    const { user } = renderBox({ requestMfaCode: jest.fn(async () => Promise.reject(new Error('network'))) });
    await user.click(confirmButton());
    expect(await screen.findByText('Sending the code failed. Try again later.')).toBeInTheDocument();
    expect(phoneField()).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  test('leaving the page aborts the pending code request', async () => {
    const requestMfaCode = jest.fn((_phone: string, _signal?: AbortSignal) => new Promise<void>(() => undefined));
    const { user, unmount } = renderBox({ requestMfaCode });
    await user.click(confirmButton());
    const signal = requestMfaCode.mock.calls[0]?.[1];
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  test('the code step has four labelled one-digit boxes that advance, ignore non-digits and go back on Backspace', async () => {
    const { user, answerMfaChallenge } = await toCodeStep(async () => 'mfa-challenge-failed');
    for (const n of [1, 2, 3, 4]) expect(digit(n)).toHaveAttribute('inputmode', 'numeric');
    expect(digit(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(digit(2)).not.toHaveAttribute('autocomplete', 'one-time-code');

    await user.keyboard('a');
    expect(digit(1)).toHaveValue('');
    expect(digit(1)).toHaveFocus();
    await user.keyboard('1');
    expect(digit(1)).toHaveValue('1');
    expect(digit(2)).toHaveFocus();
    await user.keyboard('2');
    expect(digit(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(2)).toHaveFocus();
    expect(digit(2)).toHaveValue('');
    expect(digit(1)).toHaveValue('1');
    await user.keyboard('7');
    expect(digit(2)).toHaveValue('7');
    await user.keyboard('8');
    expect(answerMfaChallenge).not.toHaveBeenCalled();
    await user.keyboard('9');
    // all four filled → submitted at once
    expect(answerMfaChallenge).toHaveBeenCalledTimes(1);
    expect(answerMfaChallenge).toHaveBeenCalledWith('1789', expect.any(AbortSignal));
  });

  test('a pasted (or autofilled) code fills the boxes and submits', async () => {
    const { user, answerMfaChallenge } = await toCodeStep(async () => 'mfa-challenge-failed');
    await user.paste('40 12');
    expect(answerMfaChallenge).toHaveBeenCalledWith('4012', expect.any(AbortSignal));
  });

  test('mfa-ok: success toast, the box fades for 500 ms and then disappears', async () => {
    jest.useFakeTimers();
    const { user } = await toCodeStep(async () => 'mfa-ok', true);
    await user.keyboard('1234');
    expect(await screen.findByText('SMS authorization is now enabled')).toBeInTheDocument();
    expect(box()).toHaveClass('shell-mfa--fading');
    act(() => jest.advanceTimersByTime(MFA_FADE_OUT_MS - 1));
    expect(box()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(box()).not.toBeInTheDocument();
    // focus is not lost with the box
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Mikko!' })).toHaveFocus();
  });

  test('mfa-ok with reduced motion: the box disappears without the fade', async () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList);
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      const { user } = await toCodeStep(async () => 'mfa-ok');
      await user.keyboard('1234');
      expect(await screen.findByText('SMS authorization is now enabled')).toBeInTheDocument();
      expect(box()).not.toBeInTheDocument();
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  test('mfa-challenge-failed: error toast, the boxes are marked and emptied, focus returns to the first', async () => {
    const { user, answerMfaChallenge } = await toCodeStep(async () => 'mfa-challenge-failed');
    await user.keyboard('1234');
    expect(await screen.findByText('Identification failed')).toBeInTheDocument();
    expect(screen.getAllByText('Try to identify yourself again').length).toBeGreaterThan(0);
    for (const n of [1, 2, 3, 4]) {
      expect(digit(n)).toHaveAttribute('aria-invalid', 'true');
      expect(digit(n)).toHaveValue('');
    }
    await waitFor(() => expect(digit(1)).toHaveFocus());
    expect(box()).toBeInTheDocument();
    // a new try is possible
    await user.keyboard('5678');
    expect(answerMfaChallenge).toHaveBeenLastCalledWith('5678', expect.any(AbortSignal));
  });

  test('too-many-mfa-attempts: error toast and the box disappears', async () => {
    const { user } = await toCodeStep(async () => 'too-many-mfa-attempts');
    await user.keyboard('1234');
    expect(await screen.findByText('Too many retries')).toBeInTheDocument();
    expect(screen.getByText('You can retry again later')).toBeInTheDocument();
    expect(box()).not.toBeInTheDocument();
  });
});
