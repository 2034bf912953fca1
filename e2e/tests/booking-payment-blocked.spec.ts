import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { addDays, bookableAtClinic, expectNoHorizontalOverflow, findFreeSlot, helsinkiDate, loginPath } from './booking-helpers';
import { signInFromLoginPage } from './sign-in';

/**
 * Jukka (240690-935P) is not credit-worthy and has no occupational health care: the reservation page
 * interrupts the booking with the billing service's phone and e-mail (issue 13; spec part 2 §2.1
 * "Booking interrupted", §4 "Logged-in reservation"; the adult brand's demo values in
 * server/src/config/brands.ts).
 */
const jukka = { code: '240690-935P' } as const;

test.describe('booking: Jukka, not credit-worthy', () => {
  test('sees the payment-blocked notice on a reservation page, in en and fi, at 360 px', async ({ page }) => {
    const slot = await findFreeSlot(page.request, { startDate: addDays(helsinkiDate(Date.now()), 2), accept: bookableAtClinic });
    expect(slot, 'a free slot').not.toBeNull();
    await page.setViewportSize({ width: 360, height: 800 });
    // the identity broker's page speaks Finnish (sign-in.ts): the Finnish login page, then the English reservation page
    await page.goto(loginPath('fi', `/en/available-appointments/${slot!.id}`));
    await signInFromLoginPage(page, jukka.code);
    await expect(page).toHaveURL(new RegExp(`/en/available-appointments/${slot!.id}`));

    await expect(page.getByRole('heading', { level: 1, name: 'Reserve an appointment' })).toBeVisible();
    await expect(page.getByText('Booking interrupted')).toBeVisible();
    await expect(page.getByText('Unfortunately, we cannot accept your online booking. Please contact our billing service:')).toBeVisible();
    await expect(page.getByRole('link', { name: '010 555 0110' })).toHaveAttribute('href', 'tel:0105550110');
    await expect(page.getByRole('link', { name: 'laskutus@example.fi' })).toHaveAttribute('href', 'mailto:laskutus@example.fi');
    // no form, no way to book, and not the consent form he would otherwise be asked for first
    await expect(page.getByRole('button', { name: 'Reserve appointment' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Reservation' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'payment blocked at 360 px (en)');

    await page.goto(`/fi/vapaat-ajat/${slot!.id}`);
    await expect(page.getByText('Varaus keskeytyi')).toBeVisible();
    await expect(page.getByText('Valitettavasti emme voi ottaa vastaan ajanvaraustasi verkossa. Ota yhteyttä laskutukseemme:')).toBeVisible();
    await expectNoAxeViolations(page, 'payment blocked (fi)');
  });
});
