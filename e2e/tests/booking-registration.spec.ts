import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { addDays, bookableAtClinic, findFreeSlot, helsinkiDate, loginPath } from './booking-helpers';
import { newIdentityCode } from './identity-codes';
import { signInFromLoginPage } from './sign-in';

/**
 * Someone who is not a customer yet books: the reservation page mounts the account remote's
 * registration form (its `./registration-form` parcel, never a copy), then its consent form, and
 * then goes on to the reservation (issue 13; spec part 2 §2.1, §4 "Logged-in reservation"). Each run
 * signs in with a new valid identity code, so the person is new on whatever server the suite runs
 * against (Pekka, the demo's newcomer, is registered by account-registration.spec.ts).
 */
test.describe('booking: someone not yet a customer', () => {
  test('registers inline on the reservation page, gives the consent and books', async ({ page }) => {
    const slot = await findFreeSlot(page.request, { startDate: addDays(helsinkiDate(Date.now()), 3), accept: bookableAtClinic });
    expect(slot, 'a free slot').not.toBeNull();
    await page.goto(loginPath('fi', `/fi/vapaat-ajat/${slot!.id}`));
    const code = newIdentityCode();
    await signInFromLoginPage(page, code);
    await expect(page).toHaveURL(new RegExp(`/fi/vapaat-ajat/${slot!.id}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();

    // the parcel's own titled section (the innermost region of that name)
    const registration = page.getByRole('region', { name: 'Rekisteröityminen' }).last();
    const reserve = page.getByRole('button', { name: 'Varaa aika' });
    await expect(registration).toBeVisible();

    // the account remote's form, inside the booking page
    await expect(page.getByText('Rekisteröidy ensin asiakkaaksemme. Sen jälkeen pääset jatkamaan ajanvarausta.')).toBeVisible();
    const own = registration.getByRole('group', { name: 'Omat tietosi' });
    await expect(own.getByText(`${code.slice(0, 7)}****`)).toBeVisible();
    await own.getByRole('textbox', { name: 'Etunimi' }).fill('Pirkko');
    await own.getByRole('textbox', { name: 'Sukunimi' }).fill('Uusitalo');
    await own.getByRole('textbox', { name: 'Katuosoite' }).fill('Aleksanterinkatu 7 B 12');
    await own.getByRole('textbox', { name: 'Postinumero' }).fill('00100');
    await own.getByRole('textbox', { name: 'Postitoimipaikka' }).fill('Helsinki');
    await own.getByRole('textbox', { name: 'Puhelinnumero' }).fill('040 765 4321');
    await own.getByRole('textbox', { name: 'Sähköposti' }).fill('pirkko.uusitalo@example.fi');
    await own.getByRole('textbox', { name: 'Sähköposti' }).blur();
    await expectNoAxeViolations(page, 'inline registration on the reservation page (fi)');
    await registration.getByRole('button', { name: 'Rekisteröidy' }).click();

    // a customer now, the consent form follows (no consent form saved yet), also inline
    const consent = page.getByRole('region', { name: 'Potilastietojen käsittely' }).last();
    await expect(page.getByText('Tarkista ensin potilastietojesi käsittely. Sen jälkeen pääset jatkamaan ajanvarausta.')).toBeVisible();
    await expect(consent.getByRole('button', { name: 'Tallenna' })).toBeDisabled();
    await consent.getByRole('checkbox', { name: 'Olen lukenut tietosuojaselosteen' }).check();
    await expectNoAxeViolations(page, 'inline consent on the reservation page (fi)');
    await consent.getByRole('button', { name: 'Tallenna' }).click();

    // then the reservation form, with the details just given
    await expect(registration).toHaveCount(0);
    await expect(consent).toHaveCount(0);
    await expect(page.getByText('pirkko.uusitalo@example.fi')).toBeVisible();
    await expect(page.getByText('Aleksanterinkatu 7 B 12')).toBeVisible();
    await expect(page.getByText(slot!.practitioner.name).first()).toBeVisible();
    await expectNoAxeViolations(page, 'reservation form after registration (fi)');
    await reserve.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' })).toBeFocused();
    await expect(page.getByText('Lähetämme vahvistuksen tekstiviestillä numeroon +358407654321.')).toBeVisible();
    await page.getByRole('link', { name: 'Kaikki ajanvaraukset' }).click();
    await expect(page.getByRole('list', { name: 'Tulevat ajanvaraukset' }).getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Tulevat ajanvaraukset' })).toContainText(slot!.practitioner.name);
  });
});
