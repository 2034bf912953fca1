import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/** The mf-payments remote's `./summary` parcel on the composed front page. */
test.describe('payments front-page summary', () => {
  test('Mikko sees the payments block on the front page and follows it to the page', async ({ page }) => {
    await page.goto('/fi/payments');
    await signInFromLoginPage(page, personas.mikko.code);
    await page.goto('/fi');
    const block = page.getByRole('region', { name: 'Payments' });
    await expect(block.getByText('Ei vielä näytettävää.')).toBeVisible();
    await expectNoAxeViolations(page, 'payments front-page summary');
    await block.getByRole('link', { name: 'Näytä kaikki' }).click();
    await expect(page).toHaveURL(/\/fi\/payments$/);
  });
});
