import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Issue 11, "Every row of the front page's summaries opens its item": a prescription has no page of
 * its own, so its row on the front page opens the prescriptions list at it ('#prescription-<id>'),
 * scrolled to, focused and marked. Mikko's three newest prescriptions are on the front page:
 * Amoxin, Thyroxin and Burana.
 */
test.describe('a prescription on the front page opens the list at it (issue 11)', () => {
  test('Mikko clicks Burana on the front page and lands on it in the list, client-side and on a reload', async ({ page }) => {
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));

    const summary = page.getByRole('main').getByRole('region', { name: 'Reseptit' });
    const link = summary.getByRole('link', { name: 'Burana 400 mg' });
    await expect(link).toHaveAttribute('href', /^\/fi\/reseptit#prescription-[^#]+$/);
    await link.click();

    await expect(page).toHaveURL(/\/fi\/reseptit#prescription-[^#]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reseptit' })).toBeVisible();
    const burana = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: 'Burana 400 mg' }) });
    const focused = page.locator(':focus');
    await expect(focused).toHaveText('Burana 400 mg');
    await expect(burana.locator(':focus')).toHaveCount(1);
    await expect(burana).toBeInViewport();
    // marked by a border of its own, whatever focus does
    expect(await focused.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
    // the same document: no full page load happened
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
    // the choice for renewal works as before
    await page.getByRole('checkbox', { name: 'Burana 400 mg' }).check();
    await expect(page.getByRole('region', { name: 'Uusittavat reseptit' }).getByRole('status')).toHaveText('1 resepti valittu');
    await expectNoAxeViolations(page, 'prescriptions opened at Burana');

    // the address alone does it too: a full page load with the fragment
    await page.reload();
    await expect(page.locator(':focus')).toHaveText('Burana 400 mg');
    await expect(burana).toBeInViewport();
  });

  test('a fragment that names no prescription shows the list as ever, its heading focused', async ({ page }) => {
    await page.goto('/fi/reseptit');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Reseptit' })).toBeVisible();
    await page.goto('/fi/reseptit#prescription-does-not-exist');
    const heading = page.getByRole('heading', { level: 1, name: 'Reseptit' });
    await expect(page.getByRole('checkbox', { name: 'Burana 400 mg' })).toBeVisible();
    await expect(heading).toBeFocused();
    // focus stays there once the page has settled: the page's deferred focus (usePrescriptionTarget:
    // a zero-delay timeout once the list shows) has had its turn when two frames have been drawn and
    // a task queued after them has run (issue 32: waiting on the page's event loop, not on a clock)
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
    await expect(heading).toBeFocused();
  });
});
