import { expect, federationRuntimes, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

// Issue 31: the largest paint of a signed-in page is the server's HTML. The visits list, a
// laboratory result, the invoices and My information are rendered by their remote's own build on
// the server, from the page's loader state, so the page is on screen before any script has run; the
// shell starts right after that first paint (it keeps the session), asking for nothing before it,
// and the remote takes the page over without a second copy and without a visible change.

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
        // the shell does not wait for the visitor on a signed-in page, only for the first paint
        await expect(page.locator('#portal-root')).toHaveAttribute('data-boot', 'after-paint');
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
      // nothing but the style sheet was asked for before the first paint: no script, no preload, no icon
      const beforeFirstPaint = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        if (!paint) return null;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < paint.startTime)
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
});
