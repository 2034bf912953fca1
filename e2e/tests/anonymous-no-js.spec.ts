import type { Page } from '@playwright/test';
import { expect, federationRuntimes, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

// Issue 15: the anonymous pages are usable before any JavaScript runs: the server's HTML has the
// page's heading, texts and working links (pre-rendered by the page owner's own build from the same
// React components). With JavaScript off, each page is read by role and its links are inspected
// and followed; with JavaScript on, the page's code takes over without a second copy of the page.
// The children's landing: tests/children/landing-no-js.spec.ts.

type Lang = 'fi' | 'sv' | 'en';
const LANGS: Lang[] = ['fi', 'sv', 'en'];

const paths = {
  login: { fi: '/fi/kirjaudu', sv: '/sv/logga-in', en: '/en/login' },
  expired: { fi: '/fi/katkennut-istunto', sv: '/sv/utgatt-session', en: '/en/expired-session' },
  terms: { fi: '/fi/eula', sv: '/sv/eula', en: '/en/eula' },
  newCustomer: { fi: '/fi/uusi-asiakas', sv: '/sv/ny-kund', en: '/en/new-customer' },
  booking: { fi: '/fi/ajanvaraus', sv: '/sv/tidsbokning', en: '/en/booking' },
  privateList: { fi: '/fi/ajanvaraus/yksityisasiakas', sv: '/sv/tidsbokning/privat-kund', en: '/en/booking/private-customer' },
  visits: { fi: '/fi/kaynnit', sv: '/sv/besok', en: '/en/visits' },
} as const;

const texts = {
  fi: {
    login: 'Kirjaudu sisään', guardianIntro: 'Tunnistaudu huoltajana, niin voit hoitaa lapsesi asioita.', loginFailed: 'Tunnistautuminen epäonnistui',
    expired: 'Istuntosi on päättynyt', loginAgain: 'Kirjaudu uudelleen', terms: 'Käyttöehdot',
    newCustomer: 'Tervetuloa asiakkaaksemme!', logOut: 'Kirjaudu ulos', bookOnline: 'Varaa aika verkossa', booking: 'Ajanvaraus', privateCustomer: 'Yksityisasiakas',
  },
  sv: {
    login: 'Logga in', guardianIntro: 'Identifiera dig som vårdnadshavare för att sköta ditt barns ärenden.', loginFailed: 'Identifieringen misslyckades',
    expired: 'Din session har avslutats', loginAgain: 'Logga in igen', terms: 'Användarvillkor',
    newCustomer: 'Välkommen som vår kund!', logOut: 'Logga ut', bookOnline: 'Boka tid på nätet', booking: 'Tidsbokning', privateCustomer: 'Privatkund',
  },
  en: {
    login: 'Log in', guardianIntro: "Identify yourself as the guardian to handle your child's matters.", loginFailed: 'Identification failed',
    expired: 'Your session has ended', loginAgain: 'Log in again', terms: 'Terms of use',
    newCustomer: 'Welcome as our customer!', logOut: 'Log out', bookOnline: 'Book an appointment online', booking: 'Appointment booking', privateCustomer: 'Private customer',
  },
} as const;

const otherLanguageLink = { fi: 'Suomeksi', sv: 'På svenska', en: 'In English' } as const;

test.describe('anonymous pages without JavaScript (issue 15)', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of LANGS) {
    const t = texts[lang];

    test(`login (${lang}): the heading, the error notice, the guardian's text and one link per bank carrying next and acting`, async ({ page }) => {
      const next = paths.visits[lang];
      await page.goto(`${paths.login[lang]}?nextPath=${encodeURIComponent(next)}&acting=guardian&error=identification-failed`);
      await expect(page.getByRole('heading', { level: 1, name: t.login })).toBeVisible();
      await expect(page.getByText(t.loginFailed)).toBeVisible();
      await expect(page.getByText(t.guardianIntro)).toBeVisible();
      const nordea = page.getByRole('link', { name: 'Nordea', exact: true });
      await expect(nordea).toBeVisible();
      const href = new URL((await nordea.getAttribute('href')) ?? '', 'http://x');
      expect(href.pathname).toBe('/oauth/authenticate');
      expect(Object.fromEntries(href.searchParams)).toEqual({ lang, next, acr_values: 'nordea', acting: 'guardian' });
      expect(await page.getByRole('listitem').getByRole('link').count()).toBeGreaterThanOrEqual(10);
    });

    test(`login (${lang}) without a query: the bank links return to the front page`, async ({ page }) => {
      await page.goto(paths.login[lang]);
      await expect(page.getByRole('heading', { level: 1, name: t.login })).toBeVisible();
      await expect(page.getByText(t.loginFailed)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'OP', exact: true })).toHaveAttribute('href', `/oauth/authenticate?lang=${lang}&next=%2F${lang}&acr_values=op`);
    });

    test(`expired session (${lang}): the header's language links lead to the same page in the other languages, query kept`, async ({ page }) => {
      const query = `?next=${encodeURIComponent(paths.visits[lang])}`;
      await page.goto(`${paths.expired[lang]}${query}`);
      const others = LANGS.filter((other) => other !== lang);
      const languages = page.getByRole('banner').getByRole('link', { name: new RegExp(others.map((other) => otherLanguageLink[other]).join('|')) });
      await expect(languages).toHaveCount(2);
      const other = others[0]!;
      await page.getByRole('banner').getByRole('link', { name: otherLanguageLink[other] }).click();
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${paths.expired[other]}${query}`);
      await expect(page.getByRole('heading', { level: 1, name: texts[other].expired })).toBeVisible();
    });

    test(`expired session (${lang}): the heading and the way back to the login page, which works`, async ({ page }) => {
      await page.goto(`${paths.expired[lang]}?next=${encodeURIComponent(paths.visits[lang])}`);
      await expect(page.getByRole('heading', { level: 1, name: t.expired })).toBeVisible();
      const again = page.getByRole('link', { name: t.loginAgain });
      await expect(again).toHaveAttribute('href', `${paths.login[lang]}?nextPath=${encodeURIComponent(paths.visits[lang])}`);
      await again.click();
      await expect(page.getByRole('heading', { level: 1, name: t.login })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nordea', exact: true })).toHaveAttribute('href', new RegExp(`next=${encodeURIComponent(paths.visits[lang])}&`));
    });

    test(`terms (${lang}): the heading and the terms' text`, async ({ page }) => {
      await page.goto(paths.terms[lang]);
      await expect(page.getByRole('heading', { level: 1, name: t.terms })).toBeVisible();
      expect(await page.locator('main p').count()).toBeGreaterThanOrEqual(3);
    });

    test(`new customer (${lang}): the heading, the phone link and the booking link, which works`, async ({ page }) => {
      await page.goto(paths.newCustomer[lang]);
      await expect(page.getByRole('heading', { level: 1, name: t.newCustomer })).toBeVisible();
      await expect(page.locator('main a[href^="tel:"]')).toBeVisible();
      const book = page.getByRole('link', { name: t.bookOnline });
      await expect(book).toHaveAttribute('href', paths.booking[lang]);
      await book.click();
      await expect(page.getByRole('heading', { level: 1, name: t.booking })).toBeVisible();
    });

    test(`new customer (${lang}): log out works without JavaScript, ends the session and lands on the login page`, async ({ page }) => {
      // the whole sign-in works without JavaScript: the broker's pages are server forms (in Finnish)
      await page.goto(paths.login.fi);
      await signInFromLoginPage(page, personas.mikko.code, 'Nordea', { fresh: true });
      expect((await page.request.get(`/api/pages/front-page?lang=${lang}`)).status()).toBe(200);

      await page.goto(paths.newCustomer[lang]);
      await expect(page.getByRole('heading', { level: 1, name: t.newCustomer })).toBeVisible();
      await page.getByRole('button', { name: t.logOut }).click();
      await expect(page).toHaveURL(new RegExp(`${paths.login[lang]}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.login })).toBeVisible();
      expect((await page.request.get(`/api/pages/front-page?lang=${lang}`)).status()).toBe(401);
    });

    test(`booking landing (${lang}): the heading and the choices carrying the query, and the other languages' links, which work`, async ({ page }) => {
      await page.goto(`${paths.booking[lang]}?specialtyIds=PSY`);
      await expect(page.getByRole('heading', { level: 1, name: t.booking })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(t.privateCustomer) })).toHaveAttribute('href', `${paths.privateList[lang]}?specialtyIds=PSY`);
      const other: Lang = lang === 'fi' ? 'sv' : 'fi';
      await page.getByRole('main').getByRole('link', { name: otherLanguageLink[other] }).click();
      await expect(page).toHaveURL(new RegExp(`${paths.booking[other]}\\?specialtyIds=PSY$`));
      await expect(page.getByRole('heading', { level: 1, name: texts[other].booking })).toBeVisible();
    });
  }
});

/** The visitor's first key: the shell waits for one on a pre-rendered anonymous page (issue 31), never for a timer. */
async function firstKey(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
}

test.describe('the same pages with JavaScript (issue 15)', () => {
  test("a remote's pre-rendered page gives way to the remote: one heading, and its links navigate in the page", async ({ page }) => {
    await page.goto('/fi/ajanvaraus?specialtyIds=PSY');
    await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeVisible();
    await firstKey(page);
    await expect.poll(async () => (await federationRuntimes(page)).containers).toContain('mf_booking');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('link', { name: /Yksityisasiakas/ }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraus\/yksityisasiakas\?specialtyIds=PSY$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test("a shell page's pre-rendered copy is replaced by the shell's own: one heading", async ({ page }) => {
    await page.goto('/en/login?nextPath=%2Fen%2Fvisits');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await firstKey(page);
    // the shell's React layout has replaced the server's skeleton
    await expect(page.locator('.shell:not(.shell--skeleton)')).toHaveCount(1);
    await expect(page.locator('.shell-skip-link')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Nordea', exact: true })).toHaveAttribute('href', /next=%2Fen%2Fvisits/);
  });

  test('the new customer page gives way to the account remote: one heading', async ({ page }) => {
    await page.goto('/sv/ny-kund');
    await expect(page.getByRole('heading', { level: 1, name: 'Välkommen som vår kund!' })).toBeVisible();
    await firstKey(page);
    await expect.poll(async () => (await federationRuntimes(page)).containers).toContain('mf_account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test("a pre-rendered remote page whose remote cannot load gives way to the shell's error view", async ({ page }) => {
    await page.route('**/remotes/mf-booking/**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }));
    await page.goto('/en/booking');
    await firstKey(page);
    await expect(page.getByText('This part of the service could not be loaded. Please try again.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Appointment booking' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});
