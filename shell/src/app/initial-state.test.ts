import { screen } from '@testing-library/react';
import { initialState } from '../test/fixtures';
import { fetchRouteTable, readInitialState } from './initial-state';
import { renderStaticError } from './static-error';

function embed(json: string) {
  document.head.innerHTML = `<script type="application/json" id="portal-initial-state">${json}</script>`;
}

describe('initial state', () => {
  test('a valid embedded state is parsed; the page carries no route table (the shell fetches it)', () => {
    const { routes: _routes, ...embedded } = initialState();
    embed(JSON.stringify(embedded).replace(/</g, '\\u003c'));
    const result = readInitialState();
    expect(result.ok && result.state.user?.firstName).toBe('Mikko');
    expect(result.ok && 'routes' in result.state).toBe(false);
  });

  test('a missing or invalid state fails, and the static error view offers a reload in the page language', () => {
    embed('{"lang":"fi"}');
    expect(readInitialState().ok).toBe(false);
    document.head.innerHTML = '';
    expect(readInitialState().ok).toBe(false);
    document.documentElement.lang = 'sv';
    const root = document.createElement('div');
    document.body.appendChild(root);
    renderStaticError(root);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
  });
});

describe('the route table (GET /routes.json, issue 31)', () => {
  const compactLogin = { id: 'login', paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' }, kind: 'anonymous', layout: { menu: false }, owner: 'shell' };
  // jsdom has no Response: what fetchRouteTable reads of one
  const answer = (status: number, body: unknown) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as Response);

  test("is asked for with the site's cookies, and the values the server leaves out come back", async () => {
    const fetchImpl = jest.fn<Promise<Response>, Parameters<typeof fetch>>(() => answer(200, [compactLogin]));
    const [login] = await fetchRouteTable(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('/routes.json', { credentials: 'same-origin' });
    expect(login).toEqual({ ...compactLogin, features: [], brands: ['adult', 'children'], layout: { menu: false, footer: true, fullWidth: false } });
  });

  test('is asked for once more after a failed answer, then the failure stands', async () => {
    const flaky = jest.fn<Promise<Response>, Parameters<typeof fetch>>().mockImplementationOnce(() => answer(503, {})).mockImplementationOnce(() => answer(200, [compactLogin]));
    await expect(fetchRouteTable(flaky)).resolves.toHaveLength(1);
    const broken = jest.fn<Promise<Response>, Parameters<typeof fetch>>(() => answer(200, [{ id: 'no paths' }]));
    await expect(fetchRouteTable(broken)).rejects.toThrow();
    expect(broken).toHaveBeenCalledTimes(2);
  });
});
