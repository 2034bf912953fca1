import type { Page } from '@playwright/test';
import { expect, federationRuntimes, openUntouched, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

// Issue 31: the largest paint of a signed-in page is the server's HTML. The visits list, a
// laboratory result, the invoices and My information are rendered by their remote's own build on
// the server, from the page's loader state, so the page is on screen before any script has run; the
// shell starts on the visitor's first interaction (or in time for the session's warnings), asking
// for nothing before it, and the remote takes the page over without a second copy and without a
// visible change, with what the visitor pressed or typed meanwhile.

/** The shell's layout has replaced the server's skeleton. */
const shellBooted = (page: Page) => page.locator('#portal-root > .shell:not(.shell--skeleton)');


const pages = [
  { path: '/fi/kaynnit', heading: 'Käynnit', remote: 'mf_records' },
  { path: '/sv/fakturor', heading: 'Fakturor', remote: 'mf_payments' },
  { path: '/en/my-information', heading: 'My information', remote: 'mf_account' },
] as const;

test.describe('signed-in pages the server pre-renders (issue 31)', () => {
  test.describe('before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    test("the person's own data is in the server's HTML: the visits, the invoices, My information", async ({ page }) => {
      await page.goto('/fi/kirjaudu');
      await signInFromLoginPage(page, personas.mikko.code);
      for (const { path, heading } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // the page is whole without the shell: it waits for the visitor, signed in or not
        await expect(page.locator('#portal-root')).toHaveAttribute('data-boot', 'deferred');
        await expect(page.locator('[data-prerendered]')).toHaveCount(1);
      }
      await page.goto('/fi/kaynnit');
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      await page.goto('/en/my-information');
      await expect(page.getByText(`${personas.mikko.firstName} ${personas.mikko.lastName}`).first()).toBeVisible();
    });
  });

  test('with JavaScript the remote takes the page over: one heading, its tabs work in the page', async ({ page }) => {
    await page.goto('/fi/kirjaudu');
    await signInFromLoginPage(page, personas.mikko.code);
    for (const { path, heading, remote } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect.poll(async () => (await federationRuntimes(page)).containers).toContain(remote);
      await expect(page.locator('[data-prerendered]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      // nothing but the style sheet was asked for before the first paint: no script, no preload, no
      // icon (the page's own pictures, e.g. a saved Kela card, are its content)
      const beforeFirstPaint = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        if (!paint) return null;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < paint.startTime && (entry as PerformanceResourceTiming).initiatorType !== 'img')
          .map((entry) => new URL(entry.name).pathname);
      });
      expect(beforeFirstPaint, path).toEqual(['/shell/main.css']);
    }
    // the remote's own code runs the page now: its tabs switch without a page load
    await page.getByRole('tab', { name: 'Permissions and agreements' }).click();
    await expect(page.getByRole('tab', { name: 'Permissions and agreements' })).toHaveAttribute('aria-selected', 'true');

    // a laboratory result, as the server sends it: the page itself, not a skeleton
    await page.goto('/fi/laboratorio');
    const newest = page.getByRole('list', { name: 'Laboratoriotulokset' }).getByRole('listitem').first();
    const href = await newest.getByRole('link', { name: /^Tulokset / }).getAttribute('href');
    expect(href).toMatch(/^\/fi\/laboratoriotulos\/\d{4}-\d{2}-\d{2}$/);
    const html = await (await page.request.get(href!)).text();
    expect(html).toContain('data-prerendered="records.laboratory-result"');
    expect(html).toMatch(/<h1[^>]*>Laboratoriotulokset \d{1,2}\.\d{1,2}\.\d{4}<\/h1>/);
  });

  test("a visitor who only reads runs none of the shell's start-up; their first press starts it and is pressed again on the running page", async ({ page }) => {
    await page.goto('/en/login');
    await signInFromLoginPage(page, personas.mikko.code);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    // The page's clock is the test's: ten minutes of reading pass at once
    await page.clock.install();
    await openUntouched(page, '/en/my-information');
    await expect(page.getByRole('heading', { level: 1, name: 'My information' })).toBeVisible();
    await page.clock.runFor(10 * 60_000);
    await expect(shellBooted(page)).toHaveCount(0);
    expect(scripts).toEqual([]);

    await page.clock.resume();
    const permissions = page.getByRole('tab', { name: 'Permissions and agreements' });
    await permissions.click();
    await expect.poll(async () => (await federationRuntimes(page)).containers).toContain('mf_account');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(permissions).toHaveAttribute('aria-selected', 'true');
  });

  test("the session's warnings come though the visitor never touches the page: the entry starts the shell before them", async ({ page }) => {
    await page.goto('/fi/kirjaudu');
    await signInFromLoginPage(page, personas.mikko.code);
    await page.clock.install();
    await openUntouched(page, '/fi/kaynnit');
    const endsAt = Date.parse((await page.locator('#portal-root').getAttribute('data-session-expires-at')) ?? '');
    const endsIn = endsAt - (await page.evaluate(() => Date.now()));
    expect(endsIn).toBeGreaterThan(5 * 60_000);
    await page.clock.runFor(60_000);
    await expect(shellBooted(page)).toHaveCount(0);
    // two minutes before the end the entry starts the shell, whose watcher gives the warnings
    await page.clock.fastForward(endsIn - 60_000 - 115_000);
    await page.clock.resume();
    await expect(shellBooted(page)).toHaveCount(1);
    await page.clock.fastForward(30_000);
    await expect(page.getByText(/^Istuntosi vanhenee 90 sekunnin kuluttua\.$/)).toBeVisible();
  });

  test("what the visitor types before the running page has taken over is in the running page's form, where they left it", async ({ page }) => {
    await page.goto('/fi/kirjaudu');
    await signInFromLoginPage(page, personas.mikko.code);
    // a free time as the server lists it for him
    const search = await (await page.request.get('/fi/ajanvaraus/yksityisasiakas?specialtyIds=YLE')).text();
    const href = /href="(\/fi\/vapaat-ajat\/\d+[^"]*)"/.exec(search)?.[1]?.replaceAll('&amp;', '&');
    expect(href, 'a free time in the search').toBeTruthy();
    // the booking remote's code is held back until he has typed
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/remotes\/mf-booking\//, async (route) => {
      await held;
      await route.continue();
    });
    await openUntouched(page, href!);
    await expect(page.locator('#portal-root')).toHaveAttribute('data-boot', 'deferred');
    const reason = page.getByRole('textbox', { name: 'Käynnin syy (vapaaehtoinen)' });
    await reason.click();
    await page.keyboard.type('Selkä kipeä');
    await expect(page.locator('[data-prerendered]')).toHaveCount(1);
    release();
    await expect.poll(async () => (await federationRuntimes(page)).containers).toContain('mf_booking');
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(reason).toHaveValue('Selkä kipeä');
    await expect(reason).toBeFocused();
    await page.keyboard.type(', kolme viikkoa');
    await expect(reason).toHaveValue('Selkä kipeä, kolme viikkoa');
  });
});
