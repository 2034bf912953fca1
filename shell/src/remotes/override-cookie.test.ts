import { REMOTE_OVERRIDES_COOKIE } from '@portal/shared-api';
import { shareOverridesWithServer } from './override-cookie';

/** document.cookie's behaviour in jsdom: each write sets or (Max-Age=0) removes one cookie. */
const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${REMOTE_OVERRIDES_COOKIE}=`))
    ?.slice(REMOTE_OVERRIDES_COOKIE.length + 1);

afterEach(() => shareOverridesWithServer({}));

test('active overrides are named to the server in a cookie, the remote ids only', () => {
  shareOverridesWithServer({ 'mf-records': 'http://127.0.0.1:3101/mf-manifest.json', 'mf-booking': 'http://127.0.0.1:3103/mf-manifest.json' });
  expect(decodeURIComponent(cookieValue() ?? '')).toBe('mf-booking,mf-records');
});

test('without overrides the cookie is removed', () => {
  shareOverridesWithServer({ 'mf-records': 'http://127.0.0.1:3101/mf-manifest.json' });
  shareOverridesWithServer({});
  expect(cookieValue()).toBeUndefined();
});
