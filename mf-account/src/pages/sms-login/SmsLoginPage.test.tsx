import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PIN_PATH, SMS_LOGIN_CODE_PATH, type MfaResponse, type SmsLoginPageState } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import type { ComposedRoute } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell, routeTable, type FakeShell } from '../../../test/shell-fake';
import { goTo } from './go-to';
import { SmsLoginPage } from './SmsLoginPage';

jest.mock('./go-to', () => ({ goTo: jest.fn() }));

const available: SmsLoginPageState = { status: 'available', phoneNumberEnding: '202', codeTtlSeconds: 300 };
const PATH = '/en/authentication?next=%2Fen%2Fvisits%3Ftab%3D2';

/** The shell's login page (shell/routes.json), where bank login starts. */
const loginRoute: ComposedRoute = {
  id: 'login',
  paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' },
  kind: 'anonymous',
  features: [],
  brands: ['adult', 'children'],
  layout: { menu: false, footer: true, fullWidth: false },
  owner: 'shell',
};

function shellWith(state: SmsLoginPageState, lang: 'en' | 'fi' = 'en'): FakeShell {
  const shell = createFakeShell({ lang, routes: [...routeTable, loginRoute] });
  shell.takeInitialPageState.mockReturnValue(pageState('account.sms-login', state));
  shell.api.use({ [`POST ${SMS_LOGIN_CODE_PATH}`]: { type: 'success', phoneNumberEnding: '202', expiresAt: '2026-11-24T08:05:00.000Z' } });
  return shell;
}

function answers(shell: FakeShell, ...responses: MfaResponse[]) {
  const queue = [...responses];
  shell.api.use({ [`POST ${PIN_PATH}`]: () => ({ mfaResponse: queue.shift() }) });
}

describe('SMS code login page (spec part 2 §2.2, §4 Session, §7 POST /api/pin)', () => {
  beforeEach(() => jest.mocked(goTo).mockReset());

  test('sends a code to the number ending in its last digits, and the right code loads next', async () => {
    const user = userEvent.setup();
    const shell = shellWith(available);
    answers(shell, { type: 'mfa-ok', next: '/en/visits?tab=2' });
    renderWithShell(<SmsLoginPage />, shell, PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Log in with an SMS code' })).toHaveFocus();
    expect(screen.getByText('We will send the code to your phone number ending in 202.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with bank credentials' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Fvisits%3Ftab%3D2');

    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(shell.api.calls.find((c) => c.path === SMS_LOGIN_CODE_PATH)?.searchParams).toEqual({ lang: 'en' });
    const first = await screen.findByRole('textbox', { name: 'Digit 1 of 4' });
    expect(screen.getByText('We sent a 4-digit code to your phone number ending in 202. The code is valid for 5 minutes.')).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('0417');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/en/visits?tab=2'));
    expect(shell.api.calls.find((c) => c.path === PIN_PATH)?.json).toEqual({ pin: '0417', next: '/en/visits?tab=2' });
  });

  test('a pasted code fills every box and is sent once', async () => {
    const user = userEvent.setup();
    const shell = shellWith(available);
    answers(shell, { type: 'mfa-ok', next: '/en' });
    renderWithShell(<SmsLoginPage />, shell, '/en/authentication');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 4' }));
    await user.paste('9 8 7 6');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/en'));
    expect(shell.api.calls.filter((c) => c.path === PIN_PATH)).toHaveLength(1);
    expect(shell.api.calls.find((c) => c.path === PIN_PATH)?.json).toEqual({ pin: '9876' });
  });

  test('a wrong code says how many tries are left; Backspace moves back through the boxes', async () => {
    const user = userEvent.setup();
    const shell = shellWith(available);
    answers(shell, { type: 'mfa-challenge-failed', attemptsLeft: 2 }, { type: 'mfa-challenge-failed', attemptsLeft: 1 });
    renderWithShell(<SmsLoginPage />, shell, PATH);
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await screen.findByRole('textbox', { name: 'Digit 1 of 4' });
    await user.keyboard('12');
    expect(screen.getByRole('textbox', { name: 'Digit 3 of 4' })).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('textbox', { name: 'Digit 2 of 4' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Digit 2 of 4' })).toHaveValue('');
    await user.keyboard('555');
    expect(await screen.findByText('The code is wrong. You have 2 attempts left.')).toBeInTheDocument();
    const boxes = screen.getAllByRole('textbox');
    boxes.forEach((box) => expect(box).toHaveValue(''));
    expect(boxes[0]).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(boxes[0]).toHaveFocus());
    await user.keyboard('5556');
    expect(await screen.findByText('The code is wrong. You have 1 attempt left.')).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });

  test('too many wrong codes log the person out: only bank login is left', async () => {
    const user = userEvent.setup();
    const shell = shellWith(available);
    answers(shell, { type: 'too-many-mfa-attempts' });
    renderWithShell(<SmsLoginPage />, shell, PATH);
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await screen.findByRole('textbox', { name: 'Digit 1 of 4' });
    await user.keyboard('1111');
    expect(await screen.findByRole('alert')).toHaveTextContent('You have been logged out');
    expect(screen.getByText('You entered a wrong code too many times. Log in again with your bank credentials.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /code/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with bank credentials' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Fvisits%3Ftab%3D2');
  });

  test('the code expires after its lifetime: the boxes go and a new code can be sent', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const shell = shellWith(available);
      renderWithShell(<SmsLoginPage />, shell, PATH);
      await user.click(screen.getByRole('button', { name: 'Send the code' }));
      await screen.findByRole('textbox', { name: 'Digit 1 of 4' });
      act(() => jest.advanceTimersByTime(299_000));
      expect(screen.getByRole('textbox', { name: 'Digit 1 of 4' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1_000));
      expect(screen.getByText('The code has expired. Request a new code.')).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Send a new code' }));
      expect(await screen.findByRole('textbox', { name: 'Digit 1 of 4' })).toBeInTheDocument();
      expect(screen.queryByText('The code has expired. Request a new code.')).not.toBeInTheDocument();
      expect(shell.api.calls.filter((c) => c.path === SMS_LOGIN_CODE_PATH)).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('the server saying the code expired asks for a new one', async () => {
    const user = userEvent.setup();
    const shell = shellWith(available);
    answers(shell, { type: 'code-expired' });
    renderWithShell(<SmsLoginPage />, shell, PATH);
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await screen.findByRole('textbox', { name: 'Digit 1 of 4' });
    await user.keyboard('1234');
    expect(await screen.findByText('The code has expired. Request a new code.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  test('too many code requests, and a network error, are said; an ended session leads to bank login', async () => {
    const user = userEvent.setup();
    const shell = shellWith(available);
    shell.api.use({ [`POST ${SMS_LOGIN_CODE_PATH}`]: mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests' }) });
    renderWithShell(<SmsLoginPage />, shell, PATH);
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('Too many code requests. Try again later or log in with your bank credentials.')).toBeInTheDocument();
    shell.api.use({ [`POST ${SMS_LOGIN_CODE_PATH}`]: mockFailure({ kind: 'network' }) });
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    shell.api.use({ [`POST ${SMS_LOGIN_CODE_PATH}`]: (_request: MockRequest) => { throw mockFailure({ kind: 'unauthorized' }); } });
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('SMS login is not available now. Log in again with your bank credentials.')).toBeInTheDocument();
  });

  test('without SMS login (or with no expired session) only bank login is offered', () => {
    renderWithShell(<SmsLoginPage />, shellWith({ status: 'unavailable' }), '/en/authentication?next=%2F%2Fevil.example');
    expect(screen.getByText('SMS login is not available now. Log in again with your bank credentials.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // an unsafe next is dropped: back to the front page in this language
    expect(screen.getByRole('link', { name: 'Log in with bank credentials' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen');
  });

  test('in Finnish', async () => {
    const user = userEvent.setup();
    renderWithShell(<SmsLoginPage />, shellWith(available, 'fi'), '/fi/tunnistautuminen');
    expect(screen.getByRole('heading', { level: 1, name: 'Kirjaudu tekstiviestikoodilla' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lähetä koodi' }));
    expect(await screen.findByRole('textbox', { name: 'Numero 1/4' })).toBeInTheDocument();
  });
});
