import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { expectNoHorizontalOverflow, loginPath } from './booking-helpers';
import { signInFromLoginPage } from './sign-in';

/**
 * Mikko's appointments list in fi, sv and en, and at 360 px (issue 13; spec part 2 §2.1
 * "Appointments"): the cancellation intro, his upcoming appointments soonest first with the
 * provider-cancelled one's notice, each card with its arrival information; axe finds nothing.
 */
const pages = [
  ['fi', '/fi/ajanvaraukset', 'Ajanvaraukset', 'Tulevat ajanvaraukset', 'Lääkäriasema on perunut tämän ajan.'],
  ['sv', '/sv/tidsbokningar', 'Tidsbokningar', 'Kommande tidsbokningar', 'Läkarstationen har avbokat den här tiden.'],
  ['en', '/en/appointments', 'Appointments', 'Upcoming appointments', 'The clinic has cancelled this appointment.'],
] as const;

test.describe('booking: the appointments list', () => {
  test('Mikko sees his appointments in fi, sv and en, also at 360 px', async ({ page }) => {
    await page.goto(loginPath('fi', '/fi/ajanvaraukset'));
    await signInFromLoginPage(page, personas.mikko.code);
    for (const [lang, path, heading, listName, providerCancelled] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const cards = page.getByRole('list', { name: listName }).getByRole('article');
      // the seed's five upcoming ones (one cancelled by the provider)
      await expect(cards).toHaveCount(5);
      await expect(cards.filter({ hasText: providerCancelled })).toHaveCount(1);
      await expect(cards.first()).toContainText('Anna Lahtinen');
      await expectNoAxeViolations(page, `appointments (${lang})`);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'appointments at 360 px (en)');
  });
});
