import { within } from '@testing-library/react';
import { initialStateFor, remoteTestKit, serverHtmlInDocument } from '@portal/shared-ui/test-utils';
import type { RouteDefinitionInput } from '@portal/shared-api';
import routes from '../routes.json';
import * as app from './app';
import { render as prerender } from './prerender';
import { bookingRemote } from './remote';
import { createFakeShell, pageState } from '../test/shell-fake';

// The booking remote's pre-render bundle (issue 15): the server's HTML of the booking landing is the
// markup the remote's ./app renders first, with the page's state and the address's query.

const kit = remoteTestKit(bookingRemote, routes as RouteDefinitionInput[]);
const landingState = { customerTypes: ['private', 'insurance', 'occupational'] };

async function bothRenders(url: string, brand: 'adult' | 'children') {
  const lang = url.slice(1, 3) as 'fi' | 'sv' | 'en';
  const page = pageState('booking.landing', landingState);
  const shell = createFakeShell({ lang, brand, user: null });
  const html = prerender({ state: initialStateFor(shell, page), url });
  if (html === null) throw new Error(`no pre-rendered page for ${url}`);
  const server = serverHtmlInDocument(html);
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
    expect(prerender({ state: initialStateFor(shell, pageState('booking.private-list', {})), url: '/en/booking/private-customer' })).toBeNull();
  });
});
