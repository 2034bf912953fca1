import { within } from '@testing-library/react';
import type { InitialState, PageState } from '@portal/shared-api';
import { remoteTestKit } from '@portal/shared-ui/test-utils';
import type { RouteDefinitionInput } from '@portal/shared-api';
import routes from '../routes.json';
import * as app from './app';
import { render as prerender } from './prerender';
import { bookingRemote } from './remote';
import { createFakeShell, pageState, type FakeShell } from '../test/shell-fake';

const servers: HTMLElement[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.remove()));

// The booking remote's pre-render bundle (issue 15): the server's HTML of the booking landing is the
// markup the remote's ./app renders first, with the page's state and the address's query.

const kit = remoteTestKit(bookingRemote, routes as RouteDefinitionInput[]);
const landingState = { customerTypes: ['private', 'insurance', 'occupational'] };

/** The initial state the server embeds for a visitor without a session, from a fake shell's fields. */
function stateOf(shell: FakeShell, page: PageState): InitialState {
  return {
    lang: shell.lang,
    brand: shell.brand,
    environment: shell.environment,
    features: [...shell.features],
    user: null,
    session: null,
    mfaOnboardingParam: null,
    config: shell.config,
    routes: [...shell.routes],
    remotes: { remotes: [], overridesAllowed: false },
    page,
    sentryDsn: null,
  };
}

async function bothRenders(url: string, brand: 'adult' | 'children') {
  const lang = url.slice(1, 3) as 'fi' | 'sv' | 'en';
  const page = pageState('booking.landing', landingState);
  const shell = createFakeShell({ lang, brand, user: null });
  const html = prerender({ state: stateOf(shell, page), url });
  if (html === null) throw new Error(`no pre-rendered page for ${url}`);
  // in the document, as the server's HTML is, for the queries by role
  const server = document.body.appendChild(document.createElement('div'));
  server.innerHTML = html;
  servers.push(server);
  shell.takeInitialPageState.mockReturnValue(page);
  const { host } = await kit.mountApp(app, shell, url);
  return { server, browserHtml: host.innerHTML };
}

describe('pre-rendered booking landing', () => {
  test('the same markup as the remote renders, with the query carried to every choice and language', async () => {
    const { server, browserHtml } = await bothRenders('/sv/tidsbokning?specialtyIds=PSY', 'adult');
    expect(server.innerHTML.replace(' data-prerendered="booking.landing"', '')).toBe(browserHtml);
    const page = within(server);
    expect(page.getByRole('heading', { level: 1, name: 'Tidsbokning' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: /Privatkund/ })).toHaveAttribute('href', '/sv/tidsbokning/privat-kund?specialtyIds=PSY');
    expect(page.getByRole('link', { name: 'Suomeksi' })).toHaveAttribute('href', '/fi/ajanvaraus?specialtyIds=PSY');
  });

  test("the children's brand offers no occupational choice", async () => {
    const { server, browserHtml } = await bothRenders('/en/booking', 'children');
    expect(server.innerHTML.replace(' data-prerendered="booking.landing"', '')).toBe(browserHtml);
    expect(within(server).getByRole('link', { name: /Private customer/ })).toBeInTheDocument();
    expect(within(server).queryByRole('link', { name: /Occupational/ })).not.toBeInTheDocument();
  });

  test('renders nothing for another page', () => {
    const shell = createFakeShell({ lang: 'en', user: null });
    expect(prerender({ state: stateOf(shell, pageState('booking.private-list', {})), url: '/en/booking/private-customer' })).toBeNull();
  });
});
