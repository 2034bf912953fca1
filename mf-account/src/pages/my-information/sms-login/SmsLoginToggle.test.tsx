import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MFA_PATH, type MfaStatus } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell, type FakeShell } from '../../../../test/shell-fake';
import { MFA_ONBOARDING_PATH, SmsLoginToggle } from './SmsLoginToggle';

function shellWith(status: MfaStatus, phoneNumber: string | null = '+358 40 555 0101', lang: 'en' | 'fi' | 'sv' = 'en'): FakeShell {
  const shell = createFakeShell({ lang });
  shell.api.use({ [`GET ${MFA_PATH}`]: { status, phoneNumber } });
  return shell;
}

const statusText = () => screen.getByRole('switch', { name: 'SMS login' }).getAttribute('aria-describedby') ?? '';

describe('SMS login toggle (spec part 2 §3 MFA status, §4)', () => {
  test('enabled: the switch is on, and turning it off returns to no verified device', async () => {
    const shell = shellWith({ type: 'enabled' });
    shell.api.use({ [`POST ${MFA_PATH}`]: { type: 'success', status: { type: 'user-has-no-verified-mfa-device' } } });
    renderWithShell(<SmsLoginToggle />, shell);
    expect(screen.getByText('Loading the SMS login setting')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'SMS login' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(document.getElementById(statusText())).toHaveTextContent('SMS login is on.');

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(shell.api.calls.find((c) => c.method === 'POST')?.json).toEqual({ action: 'disable' });
    expect(screen.getByText('SMS login is off. You have no verified phone number for it.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('SMS login is now off.');
  });

  test("with the status in the page's state (issue 31) the switch shows at once and nothing is asked; a change still works", async () => {
    const shell = createFakeShell({ lang: 'en' });
    shell.api.use({ [`POST ${MFA_PATH}`]: { type: 'success', status: { type: 'user-has-no-verified-mfa-device' } } });
    renderWithShell(<SmsLoginToggle initial={{ status: { type: 'enabled' }, phoneNumber: '+358 40 555 0101' }} />, shell);
    const toggle = screen.getByRole('switch', { name: 'SMS login' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(shell.api.calls.filter((call) => call.method === 'GET')).toHaveLength(0);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  test('off: turning it on starts the SMS verification (phone, then the code), and the right code turns it on', async () => {
    const shell = shellWith({ type: 'user-has-no-verified-mfa-device' });
    let enabled = false;
    shell.api.use({
      [`GET ${MFA_PATH}`]: () => ({ status: { type: enabled ? 'enabled' : 'user-wants-to-enable-mfa' }, phoneNumber: '+358 40 555 0101' }),
      [`POST ${MFA_PATH}`]: { type: 'success', status: { type: 'user-wants-to-enable-mfa' } },
      [`POST ${MFA_ONBOARDING_PATH}`]: { type: 'success' },
      [`PUT ${MFA_ONBOARDING_PATH}`]: (request: MockRequest) => {
        const right = (request.json as { challengeResponseFromUser: string }).challengeResponseFromUser === '4821';
        enabled = right;
        return { data: { type: right ? 'mfa-ok' : 'mfa-challenge-failed' } };
      },
    });
    renderWithShell(<SmsLoginToggle />, shell);
    const toggle = await screen.findByRole('switch', { name: 'SMS login' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);

    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('+358 40 555 0101');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a phone number: an optional + followed by at least 6 digits.')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(shell.api.calls.some((c) => c.path === MFA_ONBOARDING_PATH)).toBe(false);

    await userEvent.clear(phone);
    await userEvent.type(phone, '040 555 0101');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const first = await screen.findByRole('textbox', { name: 'Digit 1 of 4' });
    expect(shell.api.calls.find((c) => c.method === 'POST' && c.path === MFA_ONBOARDING_PATH)).toMatchObject({
      json: { phoneNumber: '040 555 0101' },
      searchParams: { lang: 'en' },
    });
    expect(screen.getByRole('group', { name: 'Enter the code sent to 040 555 0101' })).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveFocus());

    await userEvent.keyboard('1234');
    expect(await screen.findByText('The code is wrong. Check the code and try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toHaveValue('');

    await userEvent.keyboard('4821');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS login' })).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('SMS login is now on.')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  test('too many onboarding attempts: no switch, the time of the next attempt in Helsinki time', async () => {
    renderWithShell(<SmsLoginToggle />, shellWith({ type: 'too-many-onboarding-attempts', nextAttempt: '2026-11-24T08:15:00.000Z' }));
    expect(
      await screen.findByText('Too many attempts to turn on SMS login. You can try again at 24 November 2026 at 10:15.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  test('in Finnish, the next attempt as Finnish time', async () => {
    renderWithShell(<SmsLoginToggle />, shellWith({ type: 'too-many-onboarding-attempts', nextAttempt: '2026-07-01T09:00:00.000Z' }, null, 'fi'));
    expect(await screen.findByText(/Voit yrittää uudelleen 1\.7\.2026 12\.00|Voit yrittää uudelleen 1\.7\.2026 12:00/)).toBeInTheDocument();
  });

  test('an environment without SMS login says so and offers no switch', async () => {
    renderWithShell(<SmsLoginToggle />, shellWith({ type: 'environment-has-mfa-disabled' }));
    expect(await screen.findByText('SMS login is not available in this service.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  test('a verification already under way shows the phone step; switching off cancels it', async () => {
    const shell = shellWith({ type: 'user-wants-to-enable-mfa' });
    shell.api.use({ [`POST ${MFA_PATH}`]: { type: 'success', status: { type: 'user-has-no-verified-mfa-device' } } });
    renderWithShell(<SmsLoginToggle />, shell);
    expect(await screen.findByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
    expect(screen.getByText('SMS login is being turned on: confirm your phone number with the code.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'SMS login' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument());
    expect(shell.api.calls.find((c) => c.method === 'POST')?.json).toEqual({ action: 'disable' });
  });

  test('a status that cannot be loaded shows an error with a retry; a failed change says so and is reported', async () => {
    const shell = createFakeShell();
    shell.api.use({ [`GET ${MFA_PATH}`]: mockFailure({ kind: 'http', status: 500 }) });
    renderWithShell(<SmsLoginToggle />, shell);
    expect(await screen.findByText('The SMS login setting could not be loaded.')).toBeInTheDocument();
    expect(shell.errors.report).toHaveBeenCalled();
    shell.api.use({
      [`GET ${MFA_PATH}`]: { status: { type: 'enabled' }, phoneNumber: null },
      [`POST ${MFA_PATH}`]: mockFailure({ kind: 'network' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const toggle = await screen.findByRole('switch', { name: 'SMS login' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  test('when the code requests run out during the verification, the time of the next attempt is shown', async () => {
    const shell = shellWith({ type: 'user-wants-to-enable-mfa' });
    shell.api.use({
      [`POST ${MFA_ONBOARDING_PATH}`]: () => {
        shell.api.use({ [`GET ${MFA_PATH}`]: { status: { type: 'too-many-onboarding-attempts', nextAttempt: '2026-11-24T08:15:00.000Z' }, phoneNumber: null } });
        throw mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests' });
      },
    });
    renderWithShell(<SmsLoginToggle />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('Too many attempts to turn on SMS login. You can try again at 24 November 2026 at 10:15.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(shell.errors.report).not.toHaveBeenCalled();
  });
});
