import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test as base } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Finding the account pages from the shell (issue 12 "Finding them"; spec part 2 §2.4 side menu and
 * header, §4 Session, §7 POST /api/logout), in Finnish on the adult brand. The tests that do not log
 * out share one sign-in of Mikko (the identity broker allows 30 sign-ins per client in 10 minutes).
 */
const test = base.extend<object, { mikkoStorageState: string }>({
  mikkoStorageState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await page.goto('/fi');
      await signInFromLoginPage(page, personas.mikko.code);
      await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
      const file = path.join(workerInfo.project.outputDir, `account-shell-mikko-${workerInfo.workerIndex}.json`);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
});

const header = (page: Page) => page.getByRole('banner');
const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Päävalikko' });
const userMenuButton = (page: Page) => header(page).getByRole('button', { name: 'Käyttäjävalikko: Mikko Virtanen' });

test.describe('the shell finds the account pages (Mikko, signed in once)', () => {
  test.use({ storageState: async ({ mikkoStorageState }, use) => use(mikkoStorageState) });

  test('the user menu holds My information and Log out; My information opens his page', async ({ page }) => {
    await page.goto('/fi');
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    const button = userMenuButton(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(header(page).getByRole('button', { name: 'Kirjaudu ulos' })).toBeVisible();
    const myInformation = header(page).getByRole('link', { name: 'Omat tiedot' });
    await expect(myInformation).toHaveAttribute('href', '/fi/omat-tiedot');
    await expectNoAxeViolations(page, 'user menu open');
    await myInformation.click();
    await expect(page).toHaveURL(/\/fi\/omat-tiedot$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // the side menu's entry, titled with the patient's name, is the current page
    await expect(sideMenu(page).getByRole('link', { name: 'Mikko Virtanen' })).toHaveAttribute('aria-current', 'page');
  });

  test('the side menu: my information titled with his name and the use of his data; no team or sickness fund', async ({ page }) => {
    await page.goto('/fi');
    const menu = sideMenu(page);
    await expect(menu.getByRole('link', { name: 'Mikko Virtanen' })).toHaveAttribute('href', '/fi/omat-tiedot');
    await expect(menu.getByRole('link', { name: 'Tietojeni käyttö' })).toHaveAttribute('href', '/fi/tietojeni-kaytto');
    await expect(menu.getByRole('link', { name: 'Työterveystiimi' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Sairauskassa' })).toHaveCount(0);
    // the small-screen log-out action is hidden on a wide screen (the user menu has it there)
    await expect(menu.getByRole('button', { name: 'Kirjaudu ulos' })).toBeHidden();
  });

  test('the header’s info link goes to the Finnish help page, marked as Finnish, also from an English page', async ({ page }) => {
    await page.goto('/en');
    const info = header(page).getByRole('link', { name: 'Ohjeita' });
    await expect(info).toHaveAttribute('href', '/fi/ohjeita');
    await expect(info).toHaveAttribute('hreflang', 'fi');
    await expect(info).toHaveAttribute('lang', 'fi');
    await info.click();
    await expect(page).toHaveURL(/\/fi\/ohjeita$/);
  });

  test('a private customer’s new message names the recipient as plain text (he has no team page)', async ({ page }) => {
    await page.goto('/fi/viestit/uusi');
    await expect(page.getByRole('heading', { level: 1, name: 'Uusi viesti' })).toBeVisible();
    const recipient = page.getByRole('main').getByRole('definition');
    await expect(recipient).not.toBeEmpty();
    await expect(recipient.getByRole('link')).toHaveCount(0);
  });

  test('at 360 px the menu holds the log-out action, which asks first; cancel keeps the session', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/fi');
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    const menu = sideMenu(page);
    const logout = menu.getByRole('button', { name: 'Kirjaudu ulos' });
    await expect(logout).toBeHidden();
    await menu.getByRole('button', { name: 'Valikko' }).click();
    await expect(logout).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Mikko Virtanen' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'side menu open at 360 px');
    await logout.click();
    const dialog = page.getByRole('dialog', { name: 'Kirjaudutaanko ulos?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Peruuta' }).click();
    await expect(dialog).toBeHidden();
    await expect(logout).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
  });
});

test.describe('the shell finds the account pages (own sign-ins)', () => {
  test('Mikko logs out: the dialog asks first, the session ends on the server, and he lands on the login page', async ({ page }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();

    const button = userMenuButton(page);
    await button.click();
    await header(page).getByRole('button', { name: 'Kirjaudu ulos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kirjaudutaanko ulos?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button', { name: 'Peruuta' })).toBeFocused();
    await expectNoAxeViolations(page, 'logout confirmation');
    // Escape closes it and focus goes back to the user menu's button
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await header(page).getByRole('button', { name: 'Kirjaudu ulos' }).click();
    const logoutRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/logout');
    await dialog.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    const request = await logoutRequest;
    expect(request.method()).toBe('POST');
    expect(new URL(request.url()).searchParams.get('csrfToken')).toBeTruthy();
    expect((await request.response())?.status()).toBe(200);
    await expect(page).toHaveURL(/\/fi\/kirjaudu$/);

    // the server no longer knows the session: a signed-in page sends him to log in
    await page.goto('/fi/omat-tiedot');
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fomat-tiedot$/);
  });

  test('Aino, an occupational customer and sickness fund member: the team and sickness fund in the side menu, the team linked from a new message', async ({ page }) => {
    await page.goto('/fi/kaynnit');
    await signInFromLoginPage(page, personas.aino.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Käynnit' })).toBeVisible();
    const menu = sideMenu(page);
    const occupational = menu.getByRole('list', { name: 'Työterveyshuolto' });
    await expect(occupational.getByRole('link', { name: 'Työterveystiimi' })).toHaveAttribute('href', '/fi/tyoterveystiimi');
    const fund = menu.getByRole('list', { name: 'Sairauskassa' });
    await expect(fund.getByRole('link', { name: 'Sairauskassa' })).toHaveAttribute('href', '/fi/sairauskassa');
    await expect(menu.getByRole('link', { name: 'Aino Korhonen' })).toHaveAttribute('href', '/fi/omat-tiedot');
    await expectNoAxeViolations(page, 'side menu of an occupational customer');
    await occupational.getByRole('link', { name: 'Työterveystiimi' }).click();
    await expect(page).toHaveURL(/\/fi\/tyoterveystiimi$/);
    await expect(occupational.getByRole('link', { name: 'Työterveystiimi' })).toHaveAttribute('aria-current', 'page');

    // her new message's recipient, the healthcare team, links to the team page
    await page.goto('/fi/viestit/uusi');
    await expect(page.getByRole('heading', { level: 1, name: 'Uusi viesti' })).toBeVisible();
    const recipient = page.getByRole('main').getByRole('definition');
    await expect(recipient.getByRole('link')).toHaveAttribute('href', '/fi/tyoterveystiimi');
    await recipient.getByRole('link').click();
    await expect(page).toHaveURL(/\/fi\/tyoterveystiimi$/);
  });
});
