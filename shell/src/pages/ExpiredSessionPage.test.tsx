import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeTable, smsLoginRoute } from '../test/fixtures';
import { renderShell } from '../test/render-shell';

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
