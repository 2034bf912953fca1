import type { Page } from '@playwright/test';
import { expect, federationRuntimes, openUntouched, test } from './fixtures';

// Issue 15: on a page the server pre-rendered, the shell's code does not run at load (its start-up
// is 1.2–1.6 s of long tasks on a slow phone); it boots on the visitor's first interaction, and
// never on a timer (issue 31; shell/src/deferred-boot.ts). Until then the server's HTML is the page: its
// links work. After the hand-over the page is the shell's, and focus is where the visitor left it.

/** The shell's layout has replaced the server's skeleton. */
const shellBooted = (page: Page) => page.locator('#portal-root > .shell:not(.shell--skeleton)');

test.describe('the shell boots on a pre-rendered page when the visitor acts (issue 15)', () => {
  test('the login page waits for the visitor however long they read, loading no script (its entry is in the page); after their first key the shell runs and its language switch works', async ({ page }) => {
    // issue 31: an anonymous page loads at most 20 KB of script until the visitor acts
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The page's clock is the test's: a minute of reading passes at once (no waiting on the test's clock)
    await page.clock.install();
    await page.goto('/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit');
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu sisään' })).toBeVisible();
    await page.clock.runFor(60_000);
    // still the server's HTML, and nothing of the shell's start-up fetched, not even as a preload
    await expect(page.locator('#portal-root')).toHaveAttribute('data-boot', 'deferred');
    await expect(shellBooted(page)).toHaveCount(0);
    expect(scripts).toEqual([]);
    expect(await page.locator('link[rel="preload"]').count()).toBe(0);
    // the server's HTML is titled by its pre-rendered heading already (issue 28), as the shell titles it
    await expect(page).toHaveTitle(/^Kirjaudu sisään – /);

    // the page's time flows again: the boot's own timers run
    await page.clock.resume();
    await page.keyboard.press('Tab');
    await expect(shellBooted(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    // the shell's own header: the language switch, a client-side title
    await expect(page).toHaveTitle(/^Kirjaudu sisään – /);
    await page.getByRole('navigation', { name: 'Kielen valinta' }).getByRole('link', { name: /På svenska/ }).click();
    await expect(page).toHaveURL(/\/sv\/logga-in\?nextPath=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  });

  test("focus stays on the visitor's link when the shell's copy of the login page replaces the server's", async ({ page }) => {
    await page.goto('/fi/kirjaudu');
    const nordea = page.getByRole('link', { name: 'Nordea', exact: true });
    await nordea.focus(); // focus moving is a first interaction
    await expect(shellBooted(page)).toHaveCount(1);
    await expect(nordea).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nordea');
  });

  test("focus stays on the visitor's link through both hand-overs of a remote's page (the shell's layout, then the remote)", async ({ page }) => {
    await page.goto('/fi/ajanvaraus');
    const privateCustomer = page.getByRole('link', { name: /Yksityisasiakas/ });
    await privateCustomer.focus();
    await expect.poll(async () => (await federationRuntimes(page)).containers).toContain('mf_booking');
    // the remote's own page has replaced the server's copy in its host
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(privateCustomer).toBeFocused();
  });

  test("a click on a link before the shell's code has arrived is the browser's own navigation", async ({ page }) => {
    // the shell's start-up never arrives: only its entry (main.js) loads
    await page.route(/\/shell\/(?!main\.js)[^/]+\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto('/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit');
    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nordea');
    await expect(page.getByLabel('Henkilötunnus')).toBeVisible();
  });

  test('every page the server pre-renders whole waits for the visitor', async ({ request }) => {
    const pages = ['/fi/kirjaudu', '/sv/utgatt-session', '/en/eula', '/fi/ajanvaraus', '/sv/tidsbokning?specialtyIds=PSY', '/en/new-customer', '/fi/ajanvaraus/yksityisasiakas'];
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('data-boot="deferred"');
    }
  });

  test("the new customer page's log-out posts before the shell's code runs", async ({ page }) => {
    await page.goto('/sv/ny-kund');
    await expect(page.locator('#portal-root')).toHaveAttribute('data-boot', 'deferred');
    await expect(shellBooted(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL(/\/sv\/logga-in$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
  });

  test("a button pressed before the code has arrived is pressed on the running page: the appointment search's time-of-day tab", async ({ page }) => {
    // the booking remote's code is held back until the visitor has pressed
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/remotes\/mf-booking\//, async (route) => {
      await held;
      await route.continue();
    });
    await openUntouched(page, '/fi/ajanvaraus/yksityisasiakas');
    await expect(page.locator('#portal-root')).toHaveAttribute('data-boot', 'deferred');
    await expect(shellBooted(page)).toHaveCount(0);
    const morning = page.getByRole('tab', { name: 'Aamupäivä' });
    await morning.click();
    await expect(page.locator('[data-prerendered]')).toHaveCount(1);
    release();
    await expect.poll(async () => (await federationRuntimes(page)).containers).toContain('mf_booking');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(morning).toHaveAttribute('aria-selected', 'true');
  });

});
