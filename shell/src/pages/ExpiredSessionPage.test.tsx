import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFailure } from '@portal/shared-api/mock';
import { routeTable, smsLoginRoute } from '../test/fixtures';
import { renderShell } from '../test/render-shell';
import { answerWithPasskey, PasskeyCeremonyError } from './passkey-ceremony';
import type * as Ceremony from './passkey-ceremony';

// the browser's passkey dialog is the browser's: here only what the page does with its outcome
jest.mock('./passkey-ceremony', () => {
  const actual = jest.requireActual<typeof Ceremony>('./passkey-ceremony');
  return { ...actual, answerWithPasskey: jest.fn() };
});
const answer = jest.mocked(answerWithPasskey);

// userEvent's clicks on a busy machine need more than the default 5 s
jest.setTimeout(20_000);

const anonymous = { user: null, session: null };
const routes = [...routeTable(), smsLoginRoute];

function expiredState(smsLogin: boolean, lang: 'en' | 'fi' = 'en') {
  return { ...anonymous, lang, routes, page: { routeId: 'expired-session', params: {}, state: { smsLogin } } };
}

describe('session timed out page (spec part 2 §2.2, §4 Session)', () => {
  test('for a person with SMS login: an SMS code or bank login, both back to next', async () => {
    const user = userEvent.setup();
    renderShell('/en/expired-session?next=%2Fen%2Fvisits%3Ftab%3D2', { state: expiredState(true) });
    expect(screen.getByRole('heading', { level: 1, name: 'Your session has ended' })).toBeInTheDocument();
    expect(screen.getByText(/Continue with a code sent to your phone, or log in again with your bank credentials/)).toBeInTheDocument();
    const sms = screen.getByRole('link', { name: 'Continue with an SMS code' });
    expect(sms).toHaveAttribute('href', '/en/authentication?next=%2Fen%2Fvisits%3Ftab%3D2');
    expect(screen.getByRole('link', { name: 'Log in with bank credentials' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Fvisits%3Ftab%3D2');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    // the SMS way is a page of the account remote, reached without a reload
    await user.click(sms);
    expect(window.location.pathname).toBe('/en/authentication');
    expect(window.location.search).toBe('?next=%2Fen%2Fvisits%3Ftab%3D2');
  });

  test('without SMS login only bank login is offered', () => {
    renderShell('/fi/katkennut-istunto?next=%2Ffi%2Fkaynnit', { state: expiredState(false, 'fi') });
    expect(screen.getByRole('link', { name: 'Kirjaudu uudelleen' })).toHaveAttribute('href', '/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit');
    expect(screen.queryByRole('link', { name: 'Jatka tekstiviestikoodilla' })).not.toBeInTheDocument();
  });

  test('an unsafe next goes nowhere else than the front page', () => {
    renderShell('/en/expired-session?next=%2F%2Fevil.example', { state: expiredState(true) });
    expect(screen.getByRole('link', { name: 'Continue with an SMS code' })).toHaveAttribute('href', '/en/authentication?next=%2Fen');
    expect(screen.getByRole('link', { name: 'Log in with bank credentials' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen');
  });

  test('when the account remote is not composed, no SMS way is offered even if the state says so', () => {
    renderShell('/en/expired-session', { state: { ...expiredState(true), routes: routeTable() } });
    expect(screen.getByRole('link', { name: 'Log in again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with an SMS code' })).not.toBeInTheDocument();
  });
});

describe('the passkey way back (issue 33)', () => {
  const passkeyState = (smsLogin: boolean) => ({ ...anonymous, lang: 'en' as const, routes, page: { routeId: 'expired-session', params: {}, state: { smsLogin, passkey: true } } });
  const credential = {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  };

  beforeEach(() => answer.mockReset());

  test('offered first when the person has a passkey; the answer signs in and loads next', async () => {
    answer.mockResolvedValue(credential);
    const { runtime } = renderShell('/en/expired-session?next=%2Fen%2Fvisits', { state: passkeyState(true) });
    expect(screen.getByText(/Continue with your passkey or a code sent to your phone, or log in again with your bank credentials/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with an SMS code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with bank credentials' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(runtime.redirect).toHaveBeenCalledWith('/en/visits'));
    expect(runtime.api.passkeyLogin).toHaveBeenCalledWith(credential, '/en/visits', expect.any(AbortSignal));
  });

  test('cancelled in the browser: says so, and the other ways stay', async () => {
    answer.mockRejectedValue(new PasskeyCeremonyError('cancelled'));
    const { runtime } = renderShell('/en/expired-session', { state: passkeyState(false) });
    expect(screen.getByText(/Continue with your passkey, or log in again with your bank credentials/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(/The passkey was not used/)).toHaveTextContent('The passkey was not used. Try again, or log in with your bank credentials.');
    expect(runtime.api.passkeyLogin).not.toHaveBeenCalled();
    expect(runtime.redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  });

  test('refused by the server (401): says it could not be used, without an error report', async () => {
    answer.mockResolvedValue(credential);
    const { runtime } = renderShell('/fi/katkennut-istunto', {
      state: { ...passkeyState(false), lang: 'fi' },
      api: { passkeyLogin: jest.fn(async () => Promise.reject(mockFailure({ kind: 'unauthorized' }))) },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Käytä pääsyavainta' }));
    expect(await screen.findByText(/Pääsyavaimella ei voitu/)).toHaveTextContent('Pääsyavaimella ei voitu jatkaa. Yritä uudelleen tai kirjaudu pankkitunnuksilla.');
    expect(runtime.shell.errors.report).not.toHaveBeenCalled();
    expect(runtime.redirect).not.toHaveBeenCalled();
  });

  test('not offered without a passkey in the state', () => {
    renderShell('/en/expired-session', { state: expiredState(true) });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });
});
