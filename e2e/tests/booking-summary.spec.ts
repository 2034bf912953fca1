import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The mf-booking remote's `./summary` parcel on the composed front page (spec part 1 §2 front page):
 * Mikko's next three upcoming appointments (the demo seeds more), soonest first, each opening its
 * appointment page, and the footer link to all appointments.
 */
test.describe('booking front-page summary', () => {
  test('Mikko sees his upcoming appointments on the front page and follows the block to his appointments', async ({ page }) => {
    await page.goto('/fi/ajanvaraukset');
    await signInFromLoginPage(page, personas.mikko.code);
    await page.goto('/fi');
    const block = page.getByRole('region', { name: 'Tulevat ajanvaraukset' });
    await expect(block.getByRole('listitem')).toHaveCount(3);
    await expect(block.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /^\/fi\/varaus\/\d+$/);
    await expectNoAxeViolations(page, 'booking front-page summary');

    await block.getByRole('link', { name: 'Kaikki ajanvaraukset' }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraukset$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraukset' })).toBeVisible();
    await expect(page.getByText('Voit perua ajan verkossa, kun sen alkuun on vähintään 24 tuntia.')).toBeVisible();
  });

  test('an appointment in the block opens its page with the card', async ({ page }) => {
    await page.goto('/fi/ajanvaraukset');
    await signInFromLoginPage(page, personas.mikko.code);
    await page.goto('/fi');
    const first = page.getByRole('region', { name: 'Tulevat ajanvaraukset' }).getByRole('listitem').first().getByRole('link');
    await first.click();
    await expect(page).toHaveURL(/\/fi\/varaus\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('link', { name: /Kaikki ajanvaraukset/ })).toHaveAttribute('href', '/fi/ajanvaraukset');
  });
});
