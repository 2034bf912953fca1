import { screen, within } from '@testing-library/react';
import type { PageState } from '@portal/shared-api';
import { serverHtmlInDocument, withoutReactIds } from '@portal/shared-ui/test-utils';
import { initialState, routeTable, smsLoginRoute } from './test/fixtures';
import { renderShell } from './test/render-shell';
import { needsScriptAtOnce, render as prerender, renderHeader, renderMenu } from './prerender';

// The shell's pre-render bundle (issue 15): the server's HTML of an anonymous page is the markup the
// shell's own first render puts in <main>, so the page reads and links the same before and after the
// code runs, and nothing moves when the shell's layout takes over.

const anonymous = { user: null, session: null };
const expiredPage = (smsLogin: boolean): PageState => ({ routeId: 'expired-session', params: {}, state: { smsLogin } });

/** The server's HTML of the page, in a document of its own, and the shell's first render's <main>. */
function bothRenders(url: string, state: Parameters<typeof initialState>[0]) {
  const html = prerender({ state: initialState({ ...state }), url });
  if (html === null) throw new Error(`no pre-rendered page for ${url}`);
  const server = serverHtmlInDocument(html);
  const { container } = renderShell(url, { state });
  const main = container.querySelector('main');
  const browserPage = main?.firstElementChild;
  return { server, browserHtml: browserPage?.outerHTML ?? '' };
}

describe('pre-rendered shell pages', () => {
  test('the login page with the error, the guardian marker and next: the same markup the shell renders', () => {
    const url = '/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit&acting=guardian&error=identification-failed';
    const { server, browserHtml } = bothRenders(url, { ...anonymous, lang: 'fi' });
    expect(server.innerHTML).toBe(browserHtml);
    const page = within(server);
    expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeInTheDocument();
    expect(page.getByText('Tunnistautuminen epäonnistui')).toBeInTheDocument();
    expect(page.getByText('Tunnistaudu huoltajana, niin voit hoitaa lapsesi asioita.')).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Nordea' })).toHaveAttribute('href', '/oauth/authenticate?lang=fi&next=%2Ffi%2Fkaynnit&acr_values=nordea&acting=guardian');
  });

  test('the expired-session page offers the SMS code when the page state says so, else the bank login', () => {
    const url = '/en/expired-session?next=%2Fen%2Fvisits';
    const withSms = bothRenders(url, { ...anonymous, page: expiredPage(true), routes: [...routeTable(), smsLoginRoute] });
    expect(withSms.server.innerHTML).toBe(withSms.browserHtml);
    expect(within(withSms.server).getByRole('link', { name: 'Log in with bank credentials' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Fvisits');

    const bankOnly = bothRenders(url, { ...anonymous, page: expiredPage(false) });
    expect(bankOnly.server.innerHTML).toBe(bankOnly.browserHtml);
    expect(within(bankOnly.server).getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Fvisits');
  });

  test("the terms and the children's landing, per brand", () => {
    const terms = bothRenders('/sv/eula', { ...anonymous, lang: 'sv' });
    expect(terms.server.innerHTML).toBe(terms.browserHtml);
    expect(within(terms.server).getByRole('heading', { level: 1, name: 'Användarvillkor' })).toBeInTheDocument();

    const landing = bothRenders('/en/transaction-path', { ...anonymous, brand: 'children' });
    expect(landing.server.innerHTML).toBe(landing.browserHtml);
    expect(within(landing.server).getByRole('link', { name: /My child's matters/ })).toHaveAttribute('href', '/en/login?nextPath=%2Fen&acting=guardian');
  });

  test("the children's landing with ?error=: the server's HTML has the notice in <noscript>, for a page without JavaScript; the shell shows the toast instead", () => {
    /** The server's markup with the <noscript> notices emptied: what the shell's first render has. */
    const withoutNoscript = (server: HTMLElement) => {
      const copy = server.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('noscript').forEach((element) => element.replaceChildren());
      return copy.innerHTML;
    };
    /** What a browser without JavaScript shows of the <noscript> (jsdom runs scripts, so it keeps it as text). */
    const noscriptShown = (server: HTMLElement) => {
      const shown = document.createElement('div');
      shown.innerHTML = server.querySelector('noscript')?.textContent ?? '';
      return shown;
    };
    const disallowed = bothRenders('/fi/asiointipolku?error=disallowed', { ...anonymous, brand: 'children', lang: 'fi' });
    expect(withoutNoscript(disallowed.server)).toBe(disallowed.browserHtml);
    const notice = within(noscriptShown(disallowed.server)).getByRole('alert');
    expect(notice).toHaveTextContent('Et voi asioida tämän henkilön puolesta');
    expect(notice).toHaveTextContent('Tarkista puolesta asioinnin oikeutesi Suomi.fi-valtuuksista.');

    const unknown = bothRenders('/sv/transaktionsbana?error=unknown', { ...anonymous, brand: 'children', lang: 'sv' });
    expect(withoutNoscript(unknown.server)).toBe(unknown.browserHtml);
    expect(within(noscriptShown(unknown.server)).getByRole('alert')).toHaveTextContent('Ett okänt fel har inträffat');

    const none = bothRenders('/en/transaction-path?error=something-else', { ...anonymous, brand: 'children' });
    expect(noscriptShown(none.server)).toBeEmptyDOMElement();
  });

  test("the signed-in front page, with the remotes' summaries the server rendered in their places: the same markup the shell renders first", () => {
    const chatPromotion = { kind: 'doctor-chat', url: 'https://chat.example.fi/laakarichat' };
    const page: PageState = { routeId: 'front-page', params: {}, state: { firstName: 'Aino', chatPromotion, summaries: {} } };
    const remotes = {
      remotes: [
        { id: 'mf-records', name: 'mf_records', entry: '/remotes/mf-records/mf-manifest.json', frontPageParcels: ['./summary'] },
        { id: 'mf-booking', name: 'mf_booking', entry: '/remotes/mf-booking/mf-manifest.json', frontPageParcels: ['./summary'] },
      ],
      overridesAllowed: false,
    };
    const parcels = {
      // complete: text and links
      'mf-records./summary': { html: '<style>.v{}</style><section><h2>Käynnit</h2><a href="/fi/kaynnit">Näytä kaikki</a></section>', complete: true },
      // needs its code: shown until the parcel mounts
      'mf-booking./summary': { html: '<section><h2>Ajanvaraukset</h2><button type="button">Peru</button></section>', complete: false },
    };
    const html = prerender({ state: initialState({ lang: 'fi', page, remotes }), url: '/fi', parcels });
    if (html === null) throw new Error('no pre-rendered front page');
    const server = serverHtmlInDocument(html);
    const { container } = renderShell('/fi', {
      state: { lang: 'fi', page, remotes },
      runtime: {
        prerenderedParcel: (key) => parcels[key as keyof typeof parcels] ?? null,
        // the parcel's code still on its way: the first render is what the visitor sees meanwhile
        loadRemoteModule: () => new Promise(() => undefined),
      },
    });
    // the element the parcel mounts into is added by the slot's effect, after the first render
    const browserPage = container.querySelector('main')?.firstElementChild?.cloneNode(true) as HTMLElement;
    browserPage.querySelector('.shell-parcel > div[hidden] > div')?.remove();
    expect(server.innerHTML).toBe(browserPage.outerHTML);
    expect(within(server).getByRole('heading', { level: 1, name: 'Hei, Aino!' })).toBeInTheDocument();
    // the chat promotion is the shell's own: in the server's HTML whole, before any code runs
    const promotion = within(server).getByRole('region', { name: 'Lääkärichat' });
    expect(within(promotion).getByRole('link', { name: 'Avaa lääkärichat' })).toHaveAttribute('href', chatPromotion.url);
    const [records, booking] = server.querySelectorAll<HTMLElement>('section.shell-parcel') as unknown as [HTMLElement, HTMLElement];
    expect(records).toHaveAttribute('aria-busy', 'false');
    expect(records).toHaveAttribute('data-parcel-status', 'server');
    expect(within(records).getByRole('link', { name: 'Näytä kaikki' })).toHaveAttribute('href', '/fi/kaynnit');
    expect(booking).toHaveAttribute('aria-busy', 'false');
    expect(booking).toHaveAttribute('data-parcel-status', 'loading');
    expect(within(booking).getByRole('heading', { name: 'Ajanvaraukset' })).toBeInTheDocument();
  });

  test('renders nothing for a page that is not a pre-rendered shell page', () => {
    expect(prerender({ state: initialState(anonymous), url: '/en/visits' })).toBeNull();
    expect(prerender({ state: initialState(anonymous), url: '/en/transaction-path' })).toBeNull(); // the children's brand only
    expect(prerender({ state: initialState(anonymous), url: '/en/no-such-page' })).toBeNull();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  test("the landing's error toast and the accessibility statement's feedback form need the shell's code at once; an error the page itself shows does not", () => {
    const children = initialState({ ...anonymous, brand: 'children' });
    expect(needsScriptAtOnce({ state: children, url: '/fi/asiointipolku?error=disallowed' })).toBe(true);
    expect(needsScriptAtOnce({ state: children, url: '/sv/transaktionsbana?error=unknown' })).toBe(true);
    expect(needsScriptAtOnce({ state: children, url: '/fi/asiointipolku' })).toBe(false);
    expect(needsScriptAtOnce({ state: children, url: '/fi/asiointipolku?error=something-else' })).toBe(false);
    // the login page's error is an alert in its own HTML
    expect(needsScriptAtOnce({ state: initialState(anonymous), url: '/fi/kirjaudu?error=identification-failed' })).toBe(false);
    // what a visitor types into the form must not be lost when the shell's copy replaces the server's
    expect(needsScriptAtOnce({ state: initialState(anonymous), url: '/en/accessibility-statement' })).toBe(true);
    expect(needsScriptAtOnce({ state: initialState(anonymous), url: '/en/eula' })).toBe(false);
  });

  describe("the layout's header (server/src/pages/skeleton.ts puts it before the page)", () => {
    /** The server's header in a document of its own, and the one the shell's first render has. */
    function bothHeaders(url: string, state: Parameters<typeof initialState>[0]) {
      const html = renderHeader({ state: initialState({ ...state }), url });
      if (html === null) throw new Error(`no header for ${url}`);
      const server = serverHtmlInDocument(html);
      const { container } = renderShell(url, { state });
      return { server, browserHtml: container.querySelector('header')?.outerHTML ?? '' };
    }

    test('the login page: the same markup, with the other two languages linking to the same page and query', () => {
      const { server, browserHtml } = bothHeaders('/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit', { ...anonymous, lang: 'fi' });
      expect(server.innerHTML).toBe(browserHtml);
      const languages = within(server).getByRole('navigation', { name: 'Kielen valinta' });
      expect(within(languages).getByRole('link', { name: 'SV, På svenska' })).toHaveAttribute('href', '/sv/logga-in?nextPath=%2Ffi%2Fkaynnit');
      expect(within(languages).getByRole('link', { name: 'EN, In English' })).toHaveAttribute('href', '/en/login?nextPath=%2Ffi%2Fkaynnit');
      expect(within(server).queryByRole('link', { name: 'Kirjaudu sisään' })).not.toBeInTheDocument();
    });

    test('the terms page has the log-in link back to it; the expired-session page only the brand and languages', () => {
      const terms = bothHeaders('/en/eula', { ...anonymous, lang: 'en' });
      expect(terms.server.innerHTML).toBe(terms.browserHtml);
      expect(within(terms.server).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Feula');

      const expired = bothHeaders('/sv/utgatt-session', { ...anonymous, lang: 'sv', page: expiredPage(false) });
      expect(expired.server.innerHTML).toBe(expired.browserHtml);
      expect(within(expired.server).getAllByRole('link').map((link) => link.getAttribute('hreflang'))).toEqual([null, 'fi', 'en']);
    });

    test('someone signed in: their help link and user menu, as the shell renders them (the ids React makes aside)', () => {
      const { server, browserHtml } = bothHeaders('/fi/kaynnit', { lang: 'fi' });
      expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
      expect(within(server).getByRole('button', { name: /Mikko Virtanen/ })).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe("the layout's side menu of a signed-in page (the skeleton has it, so the page does not move when the layout adds it)", () => {
    test('the same menu the shell renders, the page marked as current (the ids React makes aside)', () => {
      const html = renderMenu({ state: initialState({ lang: 'en' }), url: '/en/visits' });
      if (html === null) throw new Error('no menu');
      const server = serverHtmlInDocument(html);
      const { container } = renderShell('/en/visits', {});
      expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(container.querySelector('nav.shell-menu')?.outerHTML ?? ''));
      expect(within(server).getByRole('link', { name: 'Visits' })).toHaveAttribute('aria-current', 'page');
    });

    test('none for a visitor without a session, nor on the expired-session page', () => {
      expect(renderMenu({ state: initialState(anonymous), url: '/en/eula' })).toBeNull();
      expect(renderMenu({ state: initialState({ page: expiredPage(false) }), url: '/en/expired-session' })).toBeNull();
    });
  });
});
