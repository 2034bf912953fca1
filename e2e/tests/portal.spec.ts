import { expectNoAxeViolations } from './axe';
import { expect, expectOneReactAndOneFederationRuntime, federationRuntimes, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

test.describe('the composed portal (issue 3)', () => {
  test('Mikko signs in through the broker and reads his front page in fi, sv and en', async ({ page }) => {
    await page.goto('/');
    // '/' → '/fi' → the login page, because the front page needs a signed-in user
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeVisible();
    await expectNoAxeViolations(page, 'login page (fi)');

    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nordea');
    await expect(page.getByLabel('Henkilötunnus')).toBeVisible();
    await expectNoAxeViolations(page, 'identity broker page');
    await page.getByLabel('Henkilötunnus').fill(personas.mikko.code);
    await page.getByRole('button', { name: 'Jatka' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    // the sign-in is reported to analytics once, and its one-shot #signed-in fragment is gone
    await expect(page).toHaveURL(/\/fi$/);
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toContainEqual({ event: 'authenticationSuccess' });
    const main = page.getByRole('main');
    for (const section of ['Käynnit', 'Reseptit', 'Laboratoriotulokset', 'Kuvantamistulokset']) {
      await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Näytä kaikki käynnit' })).toBeVisible();
    await expectNoAxeViolations(page, 'front page (fi)');
    await expectOneReactAndOneFederationRuntime(page);
    // ...and the four remotes' summaries (payments: the unpaid invoices) came in the server's HTML,
    // rendered there by each remote's own bundle: text and links, so no remote's code is loaded
    await expect(main.getByRole('region', { name: 'Maksamattomat laskut' })).toBeVisible();
    for (const region of ['Viestit', 'Tulevat ajanvaraukset', 'Käynnit', 'Maksamattomat laskut']) {
      await expect(main.getByRole('region', { name: region }).locator('xpath=ancestor::section[@data-parcel-status="server"]'), region).toHaveCount(1);
    }
    // nor the federation runtime: the shell starts it when a page first needs a remote
    expect((await federationRuntimes(page)).containers).toEqual([]);
    const serverHtml = await (await page.request.get('/fi')).text();
    for (const heading of ['Viestit', 'Tulevat ajanvaraukset', 'Käynnit', 'Maksamattomat laskut']) expect(serverHtml).toContain(`>${heading}</h2>`);
    // Mikko is a private customer: no occupational contract, so no chat promotion (issue 28)
    for (const promotion of ['Lääkärichat', 'Hoitajachat', 'Terveysneuvonta puhelimessa']) {
      await expect(main.getByRole('heading', { name: promotion })).toHaveCount(0);
      expect(serverHtml).not.toContain(`>${promotion}</h2>`);
    }

    await page.getByRole('link', { name: /På svenska/ }).click();
    await expect(page).toHaveURL(/\/sv$/);
    await expect(page.getByRole('heading', { level: 1, name: /Mikko/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Recept' })).toBeVisible();
    await expectNoAxeViolations(page, 'front page (sv)');

    await page.getByRole('link', { name: /In English/ }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1, name: /Mikko/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Prescriptions' })).toBeVisible();
    await expectNoAxeViolations(page, 'front page (en)');
  });

  test('switching language on a records page keeps the page', async ({ page }) => {
    await page.goto('/fi/laboratorio');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/laboratorio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();
    await expectNoAxeViolations(page, 'laboratory (fi)');

    await page.getByRole('link', { name: /På svenska/ }).click();
    await expect(page).toHaveURL(/\/sv\/laboratorium$/);
    // the same page, translated: not just some heading
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratorieresultat' })).toBeVisible();
    await expectNoAxeViolations(page, 'laboratory (sv)');

    await page.getByRole('link', { name: /In English/ }).click();
    await expect(page).toHaveURL(/\/en\/laboratory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratory results' })).toBeVisible();
  });

  test('an anonymous visit to a logged-in page lands on login and returns there after sign-in', async ({ page }) => {
    await page.goto('/fi/kaynnit');
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fkaynnit$/);
    await signInFromLoginPage(page, personas.aino.code, 'OP');
    await expect(page).toHaveURL(/\/fi\/kaynnit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Käynnit' })).toBeVisible();
  });

  test('navigating from the front page to a records page is client-side and focuses its heading', async ({ page }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));
    await page.getByRole('main').getByRole('link', { name: 'Näytä kaikki reseptit' }).click();
    await expect(page).toHaveURL(/\/fi\/reseptit$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Reseptit' });
    await expect(heading).toBeFocused();
    // focused by script after a click: no box drawn around the heading
    expect(await heading.evaluate((h) => [getComputedStyle(h).outlineStyle, getComputedStyle(h).boxShadow])).toEqual(['none', 'none']);
    // the same document: no full page load happened
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
    await expectNoAxeViolations(page, 'prescriptions (fi)');

    // arriving by the keyboard, the focused heading shows where focus went
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Näytä kaikki reseptit' }).focus();
    await page.keyboard.press('Enter');
    await expect(heading).toBeFocused();
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).not.toBe('none');
  });

  test('logging out asks first, then ends the session', async ({ page }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();

    await page.getByRole('button', { name: /Käyttäjävalikko/ }).click();
    await page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).or(page.getByRole('button', { name: 'Kirjaudu ulos' })).first().click();
    const dialog = page.getByRole('dialog', { name: 'Kirjaudutaanko ulos?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'logout confirmation');
    await dialog.getByRole('button', { name: 'Kirjaudu ulos' }).click();

    await expect(page).toHaveURL(/\/fi\/kirjaudu/);
    await page.goto('/fi');
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi$/);
  });

  test('an unreachable remote shows the error view with retry, and the header still works', async ({ page }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();

    await page.route('**/remotes/mf-records/**', (route) => route.abort('connectionrefused'));
    await page.goto('/fi/laboratorio');
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /Yritä uudelleen/ })).toBeVisible({ timeout: 45_000 });
    await expectNoAxeViolations(page, 'remote error view');

    // the shell keeps working: the language picker and the user menu answer
    await page.getByRole('button', { name: /Käyttäjävalikko/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Kirjaudu ulos' }).or(page.getByRole('button', { name: 'Kirjaudu ulos' })).first()).toBeVisible();

    // the remote comes back: retry mounts it without a page load
    await page.unroute('**/remotes/mf-records/**');
    await main.getByRole('button', { name: /Yritä uudelleen/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();
  });

  test('a local override points a remote at another URL, shows the reset control, and reset removes it', async ({ page, baseURL }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    // a "developer's server" for mf-records: here the deployed copy under another URL
    const devManifest = `${baseURL}/remotes/mf-records/mf-manifest.json?dev=1`;
    await page.goto(`/fi/laboratorio?mf-override=mf-records=${encodeURIComponent(devManifest)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();
    await expect(page).toHaveURL(/\/fi\/laboratorio$/);
    const reset = page.getByRole('button', { name: 'Poista ohitukset' });
    await expect(reset).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('portal.mf-overrides'))).toContain('dev=1');
    await expectNoAxeViolations(page, 'page with an active override');
    await reset.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();
    await expect(reset).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('portal.mf-overrides'))).toBeNull();
  });

  test('the front page fits a 360 px wide screen without horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Käynnit' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('front-page-360.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The root may clip what sticks out (then nothing scrolls, but it is cut off): nothing may reach
    // past the screen's right edge, the header's user menu with the patient's name included.
    const sticking = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(sticking).toEqual([]);
    await expectNoAxeViolations(page, 'front page at 360 px');
  });

  test("Aino's front page promotes the doctor chat of her occupational contract, in the server's HTML and at 360 px (issue 28)", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.aino.code, 'OP');
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Aino!' })).toBeVisible();
    const main = page.getByRole('main');
    const promotion = main.getByRole('region', { name: 'Lääkärichat' });
    await expect(promotion).toBeVisible();
    await expect(promotion.getByText('Työterveyshuoltoosi kuuluu lääkärichat: kysy oireistasi lääkäriltä varaamatta aikaa.')).toBeVisible();
    await expect(promotion.getByRole('link', { name: 'Avaa lääkärichat' })).toHaveAttribute('href', 'https://chat.example.fi/laakarichat');
    // the shell's own card: the server renders it with the front page, before any code runs
    expect(await (await page.request.get('/fi')).text()).toContain('>Lääkärichat</h2>');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'front page with the chat promotion (fi, 360 px)');

    await page.getByRole('link', { name: /In English/ }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(main.getByRole('region', { name: 'Doctor chat' }).getByRole('link', { name: 'Open the doctor chat' })).toBeVisible();
    await expectNoAxeViolations(page, 'front page with the chat promotion (en)');
  });

  test('an unknown page answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/fi/ei-ole-olemassa');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'not-found page');
  });
});
