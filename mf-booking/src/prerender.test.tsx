import { within } from '@testing-library/react';
import { initialStateFor, remoteTestKit, serverHtmlInDocument, withoutReactIds } from '@portal/shared-ui/test-utils';
import { FOLLOWED_IN_PAGE_ATTRIBUTE } from '@portal/shared-ui';
import type { RouteDefinitionInput } from '@portal/shared-api';
import routes from '../routes.json';
import * as app from './app';
import { listState } from './pages/private-list/search-fixtures';
import { okState as reservationState } from './pages/reservation/test-fixtures';
import { needsScriptAtOnce, render as prerender } from './prerender';
import { bookingRemote } from './remote';
import { createFakeShell, pageState } from '../test/shell-fake';

// The booking remote's pre-render bundle (issue 15): the server's HTML of the booking landing is the
// markup the remote's ./app renders first, with the page's state and the address's query.

const kit = remoteTestKit(bookingRemote, routes as RouteDefinitionInput[]);
const landingState = { customerTypes: ['private', 'insurance', 'occupational'] };

async function bothRenders(url: string, brand: 'adult' | 'children', page = pageState('booking.landing', landingState), user: { firstName: string; lastName: string } | null = null) {
  const lang = url.slice(1, 3) as 'fi' | 'sv' | 'en';
  const shell = createFakeShell({ lang, brand, ...(user ? {} : { user: null }) });
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
    expect(prerender({ state: initialStateFor(shell, pageState('booking.appointments', {})), url: '/en/appointments' })).toBeNull();
  });
});

/**
 * The ids React gives (useId) differ between the two renders: the remote's replaces the server's, no
 * hydration; and React's server writes an input's attributes in another order than its DOM does
 * (isEqualNode compares attributes as a set).
 */
function expectSameMarkup(server: HTMLElement, routeId: string, browserHtml: string) {
  const asDom = (html: string) => Object.assign(document.createElement('div'), { innerHTML: withoutReactIds(html) });
  const [serverDom, browserDom] = [asDom(server.innerHTML.replace(` data-prerendered="${routeId}"`, '')), asDom(browserHtml)];
  if (!serverDom.isEqualNode(browserDom)) expect(serverDom.innerHTML).toBe(browserDom.innerHTML);
}

describe('pre-rendered reservation (signed in)', () => {
  test("the same markup as the remote renders: the appointment and the patient's details from the loader state", async () => {
    const page = pageState('booking.reservation', reservationState, { id: '501' });
    const { server, browserHtml } = await bothRenders('/en/available-appointments/501', 'adult', page, { firstName: 'Mikko', lastName: 'Virtanen' });
    expectSameMarkup(server, 'booking.reservation', browserHtml);
    expect(within(server).getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  test("waits for the visitor, but starts after the first paint when back from an insurer's page, whose answer the running code acts on", () => {
    const shell = createFakeShell({ lang: 'fi' });
    const state = initialStateFor(shell, pageState('booking.reservation', reservationState, { id: '501' }));
    expect(needsScriptAtOnce({ state, url: '/fi/vapaat-ajat/501' })).toBe(false);
    expect(needsScriptAtOnce({ state, url: '/fi/vakuutus/vapaat-ajat/501' })).toBe(false);
    expect(needsScriptAtOnce({ state, url: '/fi/vakuutus/vapaat-ajat/501?status=directcompensationallowed' })).toBe(true);
  });

  test("the search waits for every visitor; an anonymous one's free times are links the running page follows (its reservation keeps what was typed in memory, WCAG 3.3.7)", async () => {
    const search = pageState('booking.private-list', listState());
    const url = '/fi/ajanvaraus/yksityisasiakas?specialtyIds=YLE';
    expect(needsScriptAtOnce({ state: initialStateFor(createFakeShell({ lang: 'fi' }), search), url })).toBe(false);
    expect(needsScriptAtOnce({ state: initialStateFor(createFakeShell({ lang: 'fi', user: null }), search), url })).toBe(false);
    const anonymous = await bothRenders('/fi/ajanvaraus/yksityisasiakas', 'adult', search);
    const slotLinks = within(anonymous.server).getAllByRole('link').filter((link) => /vapaat-ajat\/\d+/.test(link.getAttribute('href') ?? ''));
    expect(slotLinks.length).toBeGreaterThan(0);
    for (const link of slotLinks) expect(link).toHaveAttribute(FOLLOWED_IN_PAGE_ATTRIBUTE);
    const signedIn = await bothRenders('/fi/ajanvaraus/yksityisasiakas', 'adult', search, { firstName: 'Mikko', lastName: 'Virtanen' });
    for (const link of within(signedIn.server).getAllByRole('link')) expect(link).not.toHaveAttribute(FOLLOWED_IN_PAGE_ATTRIBUTE);
  });

});

// Issue 31: the search's first page of free times is the page's largest paint; it comes with the HTML.
describe('pre-rendered appointment search', () => {
  const search = () => pageState('booking.private-list', listState());

  test('the heading and the first free times from the loader state, the filters for the style sheet to fold by the screen', async () => {
    const { server } = await bothRenders('/en/booking/private-customer', 'adult', search());
    const page = within(server);
    expect(page.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const times = within(page.getByRole('list', { name: 'Free appointments' })).getAllByRole('listitem');
    expect(times).toHaveLength(3);
    expect(times[0]).toHaveTextContent('Anna Lahtinen');
    // the screen's width is not known here: the whole disclosure, unfolded in the markup, for the
    // style sheet to show as a column (wide) or fold behind its button (phone)
    const toggle = page.getByRole('button', { name: /^Search filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = server.querySelector(`#${toggle.getAttribute('aria-controls')}`);
    expect(panel).not.toHaveAttribute('hidden');
    expect(within(panel as HTMLElement).getByRole('region', { name: 'Search filters' })).toBeInTheDocument();
    expect(server.querySelector('[data-viewport="unknown"]')).toContainElement(toggle);
  });

  test("the remote's copy has no unknown viewport: it asks the screen", async () => {
    const { browserHtml } = await bothRenders('/en/booking/private-customer', 'adult', search());
    expect(browserHtml).not.toContain('data-viewport');
  });

});
