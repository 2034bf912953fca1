import { within } from '@testing-library/react';
import type { RouteDefinitionInput } from '@portal/shared-api';
import { initialStateFor, pageState, remoteTestKit, serverHtmlInDocument } from '@portal/shared-ui/test-utils';
import routes from '../routes.json';
import * as app from './app';
import { render as prerender } from './prerender';
import { accountRemote } from './remote';
import { myInformationState } from '../test/my-information-fixtures';
import { bookingLandingRoute, type FakeShell } from '../test/shell-fake';

// The account remote's pre-render bundle (issue 15): the server's HTML of the new-customer page is
// the markup the remote's ./app renders first, in the page's language and brand.

const kit = remoteTestKit(accountRemote, routes as RouteDefinitionInput[]);

async function bothRenders(url: string, shell: FakeShell) {
  const html = prerender({ state: initialStateFor(shell), url });
  if (html === null) throw new Error(`no pre-rendered page for ${url}`);
  const server = serverHtmlInDocument(html);
  const { host } = await kit.mountApp(app, shell, url);
  return { server, browserHtml: host.innerHTML };
}

/**
 * Whether the server's page is the remote's first render, element by element: the same elements, texts
 * and attributes (in any order: React writes a form's `action` last in the browser, first on the server),
 * but for the server's data-prerendered marker.
 */
function sameMarkup(server: HTMLElement, browserHtml: string): boolean {
  const browser = document.createElement('div');
  browser.innerHTML = browserHtml;
  const copy = server.cloneNode(true) as HTMLElement;
  copy.querySelector('[data-prerendered="account.new-customer"]')?.removeAttribute('data-prerendered');
  return copy.isEqualNode(browser);
}

describe('pre-rendered new-customer page', () => {
  test('the same markup as the remote renders: the welcome, the booking link and the phone link', async () => {
    const shell = kit.createFakeShell({ lang: 'fi', user: null, routes: [...kit.routeTable, bookingLandingRoute] });
    const { server, browserHtml } = await bothRenders('/fi/uusi-asiakas', shell);
    expect(sameMarkup(server, browserHtml)).toBe(true);
    const page = within(server);
    expect(page.getByRole('heading', { level: 1, name: 'Tervetuloa asiakkaaksemme!' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Varaa aika verkossa' })).toHaveAttribute('href', '/fi/ajanvaraus');
    const phone = shell.config.customerServicePhone;
    expect(page.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
  });

  test('without the booking remote: the phone only', async () => {
    const shell = kit.createFakeShell({ lang: 'en', user: null });
    const { server, browserHtml } = await bothRenders('/en/new-customer', shell);
    expect(sameMarkup(server, browserHtml)).toBe(true);
    expect(within(server).queryByRole('link', { name: 'Book an appointment online' })).not.toBeInTheDocument();
  });

  test("a signed-in visitor's log-out button posts a form with the session's csrfToken, in both renders", async () => {
    const shell = kit.createFakeShell({ lang: 'sv' });
    const { server, browserHtml } = await bothRenders('/sv/ny-kund', shell);
    expect(sameMarkup(server, browserHtml)).toBe(true);
    const form = within(server).getByRole('button', { name: 'Logga ut' }).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', `/api/logout?csrfToken=${encodeURIComponent(shell.user!.csrfToken)}&lang=sv`);
  });
});

describe('pre-rendered My information (issue 31)', () => {
  test.each(['/fi/omat-tiedot', '/sv/mina-uppgifter', '/en/my-information'])('%s: the person’s details, as the remote renders them first', async (url) => {
    const lang = url.slice(1, 3) as 'fi' | 'sv' | 'en';
    const shell = kit.createFakeShell({ lang });
    const page = pageState('account.my-information', myInformationState());
    const html = prerender({ state: initialStateFor(shell, page), url });
    if (html === null) throw new Error(`no pre-rendered page for ${url}`);
    const server = serverHtmlInDocument(html);
    shell.takeInitialPageState.mockReturnValue(page);
    const { host } = await kit.mountApp(app, shell, url);
    // The page's own state (the details, the consents) is the same markup in both; the Kela card and
    // SMS login sections load their own data after mount (spinners on the server, this test's fake
    // API answers them with errors), so they are left out of the comparison.
    const browser = document.createElement('div');
    browser.innerHTML = host.innerHTML;
    const sameElements = (selector: string) => {
      const a = server.querySelector(selector);
      const b = browser.querySelector(selector);
      expect(a).not.toBeNull();
      const [x, y] = [a!.cloneNode(true) as Element, b!.cloneNode(true) as Element];
      for (const element of [x, y, ...x.querySelectorAll('*'), ...y.querySelectorAll('*')]) {
        for (const name of ['id', 'for', 'aria-labelledby', 'aria-controls', 'aria-describedby']) element.removeAttribute(name);
      }
      return x.isEqualNode(y);
    };
    expect(sameElements('h1')).toBe(true);
    expect(sameElements('[role="tablist"]')).toBe(true);
    expect(sameElements('dl')).toBe(true);
    expect(sameElements('[role="tabpanel"][hidden] form')).toBe(true);
    // the appointment reminders' form: its setting comes with the page's state, so it is whole on the server
    expect(sameElements('[role="tabpanel"]:not([hidden]) form')).toBe(true);
    expect(server.querySelector('input[type="radio"][value="24h"]')).toBeChecked();
    expect(within(server).getByText(/mikko\.virtanen@example\.fi/)).toBeInTheDocument();
  });
});
