import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The mf-payments remote's `./summary` parcel on the composed front page: Mikko's unpaid invoices
 * (open, overdue, paper), soonest due first, at most three, with how many there are and their total,
 * and the link to all invoices. The demo's first three are his two overdue invoices and the mailed
 * (paper) one; none can be paid online, so no payment made by another test changes them.
 */
test.describe('payments front-page summary', () => {
  test('Mikko sees his unpaid invoices on the front page, soonest due first, and follows the block to his invoices', async ({ page }) => {
    await page.goto('/fi/laskut');
    await signInFromLoginPage(page, personas.mikko.code);
    await page.goto('/fi');
    const block = page.getByRole('region', { name: 'Maksamattomat laskut' });
    const items = block.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Lasku 23104426');
    await expect(items.nth(0)).toContainText('Erääntynyt (eräpäivä 4.12.2023)');
    await expect(items.nth(0)).toContainText(/49,00\s€/);
    await expect(items.nth(1)).toContainText('Lasku 24102877');
    await expect(items.nth(1)).toContainText(/Erääntynyt \(eräpäivä \d{1,2}\.\d{1,2}\.\d{4}\)/);
    await expect(items.nth(2)).toContainText('Lasku 24103296');
    await expect(items.nth(2)).toContainText(/Eräpäivä \d{1,2}\.\d{1,2}\.\d{4}/);
    await expect(items.nth(2)).toContainText(/87,00\s€/);
    // none of the three can be paid online: no pay link in the block
    await expect(block.getByRole('link', { name: /^Maksa/ })).toHaveCount(0);
    await expect(block.getByText(/^\d+ maksamatonta laskua, yhteensä [\d\s]+,\d\d\s€$/)).toBeVisible();
    await expectNoAxeViolations(page, 'payments front-page summary');

    // every row opens its invoice (issue 28): not payable online, its summary, which calls the
    // overdue invoice overdue as the list does, never paid
    await items.nth(1).getByRole('link', { name: /^Lasku 24102877 / }).click();
    await expect(page).toHaveURL(/\/fi\/laskut\/yhteenveto\/\d+$/);
    const details = page.getByRole('region', { name: 'Lasku 24102877' });
    await expect(details).toContainText('Erääntynyt');
    await expect(details).not.toContainText('Maksettu');
    await page.goBack();
    await expect(block.getByRole('link', { name: /^Lasku 24103296 / })).toBeVisible();

    await block.getByRole('link', { name: 'Kaikki laskut' }).click();
    await expect(page).toHaveURL(/\/fi\/laskut$/);
  });

  test('Aino, whose one invoice is paid, sees the empty block', async ({ page }) => {
    await page.goto('/fi/laskut');
    await signInFromLoginPage(page, personas.aino.code);
    await page.goto('/fi');
    const block = page.getByRole('region', { name: 'Maksamattomat laskut' });
    await expect(block.getByText('Sinulla ei ole maksamattomia laskuja.')).toBeVisible();
    await expect(block.getByRole('listitem')).toHaveCount(0);
  });
});
