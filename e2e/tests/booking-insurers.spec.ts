import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { addDays, findFreeSlot, helsinkiDate, loginPath, type FreeSlot } from './booking-helpers';
import { signInFromLoginPage } from './sign-in';

/**
 * Mikko books insurance appointments with LähiTapiola and with Pohjola (issue 13; spec part 2 §4
 * "Insurance checks", §5 "Logged-in booking button", §8 "Insurance"). The insurers are the server's
 * test doubles (server/src/demo/insurers/test-doubles.ts): LähiTapiola finds his policy
 * with one direct-compensation permit and sends a permit application to the built-in insurer page;
 * Pohjola finds his policy, except that its service is "down" for any appointment on a Wednesday.
 */

/** ISO weekday (1 Monday … 7 Sunday) of a yyyy-MM-dd date. */
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
const WEDNESDAY = 3;

/**
 * A free insurance slot at a clinic a week or more ahead (outside the cancellation window, so no
 * binding checkbox), whose Helsinki date `onDay` accepts, and that the list shows on its first page
 * when asked for that day and clinic.
 */
async function insuranceSlot(request: APIRequestContext, onDay: (date: string) => boolean, skip: readonly string[] = []): Promise<FreeSlot> {
  const accept = (slot: FreeSlot) => !slot.isRemote && !skip.includes(slot.id) && onDay(helsinkiDate(slot.startDate));
  const weekAhead = addDays(helsinkiDate(Date.now()), 7);
  // The search from each accepted day on, not paging from a week ahead: the demo world has about 200
  // slots a day, so a Wednesday could lie beyond any page limit when a week ahead is a Thursday.
  let found: FreeSlot | null = null;
  for (let day = weekAhead; !found && day < addDays(weekAhead, 14); day = addDays(day, 1)) {
    if (onDay(day)) found = await findFreeSlot(request, { startDate: day, accept, params: { isInsuranceCustomer: 'true' }, maxPages: 5 });
  }
  expect(found, `a free insurance slot in the two weeks from ${weekAhead}`).not.toBeNull();
  const day = helsinkiDate(found!.startDate);
  const onFirstPage = await findFreeSlot(request, { startDate: day, accept, params: { isInsuranceCustomer: 'true', clinicIds: found!.clinic.id }, maxPages: 1 });
  expect(onFirstPage, `the list's first page for ${found!.clinic.id} on ${day}`).not.toBeNull();
  return onFirstPage!;
}

/** The insurance list of that slot's day and clinic, as a patient narrows it, then the slot's card. */
async function openFromInsuranceList(page: Page, slot: FreeSlot, lang: 'fi' | 'en') {
  const listPath = { fi: '/fi/ajanvaraus/vakuutus', en: '/en/booking/insurance' }[lang];
  const listTitle = { fi: 'Varaa aika vakuutuksella', en: 'Book an appointment with insurance' }[lang];
  const resultsName = { fi: 'Vapaat ajat', en: 'Free appointments' }[lang];
  const query = new URLSearchParams({ startDate: helsinkiDate(slot.startDate), clinicIds: slot.clinic.id }).toString();
  await page.goto(`${listPath}?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: listTitle })).toBeVisible();
  const card = page.getByRole('list', { name: resultsName }).getByRole('listitem').filter({ has: page.locator(`a[href*="/${slot.id}?"]`) });
  await expect(card).toContainText(slot.practitioner.name);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, `insurance list (${lang})`);
  await card.getByRole('link').click();
}

/**
 * From the success view to the appointment's page, and cancelled (a week ahead it may be): Mikko
 * stays under the reservation limit and keeps the upcoming appointments the other specs count.
 */
async function cancelTheBooking(page: Page, lang: 'fi' | 'en') {
  const t = {
    fi: { view: 'Näytä varaus', cancel: 'Peru aika', confirm: 'Kyllä, peru aika', front: /\/fi#appointment-cancelled$/ },
    en: { view: 'View the appointment', cancel: 'Cancel appointment', confirm: 'Yes, cancel the appointment', front: /\/en#appointment-cancelled$/ },
  }[lang];
  await page.getByRole('link', { name: t.view }).click();
  await page.getByRole('button', { name: t.cancel }).click();
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(t.front);
}

test.describe('booking with insurance: Mikko (150385-9013)', () => {
  test('LähiTapiola: the direct-compensation dialog from consent to his permit, then the booking (fi)', async ({ page }) => {
    const slot = await insuranceSlot(page.request, () => true);
    await page.goto(loginPath('fi', '/fi/ajanvaraus/vakuutus'));
    await signInFromLoginPage(page, personas.mikko.code);
    await openFromInsuranceList(page, slot, 'fi');

    await expect(page).toHaveURL(new RegExp(`/fi/vakuutus/vapaat-ajat/${slot.id}\\?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Ajanvaraus' });
    const book = form.getByRole('button', { name: 'Varaa aika' });
    // §5: no insurer chosen, no booking
    await expect(book).toBeDisabled();
    await form.getByRole('radio', { name: 'LähiTapiola' }).check();
    await expect(form.getByText('LähiTapiolan suorakorvausluvalla vakuutusyhtiö maksaa käynnin suoraan klinikalle.')).toBeVisible();
    // the check not yet done: still no booking
    await expect(book).toBeDisabled();
    await expectNoAxeViolations(page, 'reservation with LähiTapiola chosen (fi)');

    // §4 not_asked: the consent enables Continue
    await form.getByRole('button', { name: 'Tarkista suorakorvaus' }).click();
    const dialog = page.getByRole('dialog', { name: 'LähiTapiolan suorakorvaus' });
    await expect(dialog).toBeFocused();
    await expect(dialog.getByText('Tarkistamme LähiTapiolan sairauskuluvakuutuksesi ja voimassa olevat suorakorvauslupasi.')).toBeVisible();
    await expectNoAxeViolations(page, 'LähiTapiola dialog, consent step (fi)');
    const next = dialog.getByRole('button', { name: 'Jatka' });
    await expect(next).toBeDisabled();
    await dialog.getByRole('checkbox', { name: /Annan suostumukseni siihen, että klinikka tarkistaa LähiTapiolan vakuutukseni/ }).check();
    await next.click();

    // the policy check finds his policy, the permits call his one permit (chosen, being the only one)
    await expect(dialog.getByRole('group', { name: 'Valitse tähän käyntiin käytettävä lupa' })).toBeVisible();
    const permit = dialog.getByRole('radio', { name: /^Kipu ja liikerajoitus, Oikea polvi, voimassa \d{1,2}\.\d{1,2}\.\d{4} asti$/ });
    await expect(permit).toBeChecked();
    await expectNoAxeViolations(page, 'LähiTapiola dialog, permits (fi)');
    await dialog.getByRole('button', { name: 'Käytä tätä lupaa' }).click();

    await expect(dialog).toHaveCount(0);
    await expect(form.getByText(/^Suorakorvauslupa käytössä: Kipu ja liikerajoitus, Oikea polvi/)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Poista' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Aloita alusta' })).toBeVisible();
    await expect(book).toBeEnabled();
    await expectNoAxeViolations(page, 'reservation with a LähiTapiola permit (fi)');
    await book.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' })).toBeFocused();
    await expect(page.getByText(slot.practitioner.name).first()).toBeVisible();
    await expectNoAxeViolations(page, 'reservation confirmation after LähiTapiola (fi)');
    await cancelTheBooking(page, 'fi');
  });

  test("LähiTapiola: applying for a permit at the insurer's page, cancelled, denied, then allowed, and the booking (fi)", async ({ page }) => {
    const slot = await insuranceSlot(page.request, () => true);
    await page.goto(loginPath('fi', '/fi/ajanvaraus/vakuutus'));
    await signInFromLoginPage(page, personas.mikko.code);
    await openFromInsuranceList(page, slot, 'fi');
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    const reservationPath = new URL(page.url()).pathname;

    // Mikko holds a permit, so the dialog offers the application only once he has been to the
    // insurer: he starts at the address its "Hae lupaa LähiTapiolasta" link opens
    await page.goto(`/api/insurance/lahitapiola-apply-permit?${new URLSearchParams({ redirectTo: reservationPath })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'LähiTapiola: suorakorvauslupa (demo)' })).toBeVisible();
    await expectNoAxeViolations(page, 'the demo insurer page (fi)');
    await page.getByRole('link', { name: 'Peruuta' }).click();

    // §4: back with status=cancel, LähiTapiola is chosen and the dialog opens in its canceled state
    await expect(page).toHaveURL(new RegExp(`${reservationPath}\\?status=cancel$`));
    const dialog = page.getByRole('dialog', { name: 'LähiTapiolan suorakorvaus' });
    await expect(dialog.getByText('Peruit suorakorvausluvan hakemisen.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'LähiTapiola' })).toBeChecked();
    await expectNoAxeViolations(page, 'LähiTapiola dialog, canceled (fi)');
    await dialog.getByRole('link', { name: 'Hae lupaa LähiTapiolasta' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'LähiTapiola: suorakorvauslupa (demo)' })).toBeVisible();
    await page.getByRole('link', { name: 'Hylkää lupa' }).click();
    await expect(page).toHaveURL(new RegExp(`${reservationPath}\\?status=directcompensationdenied$`));
    await expect(dialog.getByText('LähiTapiola ei myöntänyt suorakorvauslupaa.')).toBeVisible();
    await expectNoAxeViolations(page, 'LähiTapiola dialog, denied (fi)');
    await dialog.getByRole('link', { name: 'Hae lupaa LähiTapiolasta' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'LähiTapiola: suorakorvauslupa (demo)' })).toBeVisible();
    await page.getByRole('link', { name: 'Myönnä lupa' }).click();
    // §4: directcompensationallowed gives found_with_permits and fetches the permits
    await expect(page).toHaveURL(new RegExp(`${reservationPath}\\?status=directcompensationallowed$`));
    await expect(dialog.getByRole('radio', { name: /^Kipu ja liikerajoitus, Oikea polvi/ })).toBeChecked();
    await expectNoAxeViolations(page, 'LähiTapiola dialog, back with a permit (fi)');
    await dialog.getByRole('button', { name: 'Käytä tätä lupaa' }).click();

    const form = page.getByRole('form', { name: 'Ajanvaraus' });
    await expect(dialog).toHaveCount(0);
    await expect(form.getByText(/^Suorakorvauslupa käytössä: Kipu ja liikerajoitus, Oikea polvi/)).toBeVisible();
    await form.getByRole('button', { name: 'Varaa aika' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' })).toBeFocused();
    await expectNoAxeViolations(page, 'reservation confirmation after the insurer page (fi)');
    await cancelTheBooking(page, 'fi');
  });

  test('Pohjola: its service down on a Wednesday, then not verified, cancel, continue, verify now, found, and the booking (en)', async ({ page }) => {
    const wednesday = await insuranceSlot(page.request, (date) => weekdayOf(date) === WEDNESDAY);
    const slot = await insuranceSlot(page.request, (date) => weekdayOf(date) !== WEDNESDAY);
    // the Finnish login page: the sign-in helper speaks the test broker's Finnish
    await page.goto(loginPath('fi', '/en/booking/insurance'));
    await signInFromLoginPage(page, personas.mikko.code);

    // a Wednesday appointment: Pohjola's check fails (§8 'Verification failed'); trying again fails again; remove clears it
    await page.goto(`/en/insurance/available-appointments/${wednesday.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reserve an appointment' })).toBeVisible();
    let form = page.getByRole('form', { name: 'Reservation' });
    let book = form.getByRole('button', { name: 'Reserve appointment' });
    await form.getByRole('radio', { name: 'Pohjola Vakuutus (OP)' }).check();
    await expect(form.getByText('Verify your Pohjola insurance before booking.')).toBeVisible();
    await expect(book).toBeDisabled();
    await form.getByRole('button', { name: 'Verify insurance' }).click();
    await expect(form.getByText('Verification failed')).toBeVisible();
    await expect(book).toBeDisabled();
    await expectNoAxeViolations(page, 'Pohjola check failed (en)');
    await form.getByRole('button', { name: 'Try again' }).click();
    await expect(form.getByText('Verification failed')).toBeVisible();
    await form.getByRole('button', { name: 'Remove' }).click();
    await expect(form.getByRole('radio', { name: 'Pohjola Vakuutus (OP)' })).not.toBeChecked();
    // the focus goes back to the companies, to the first of them
    await expect(form.getByRole('radio', { name: 'If' })).toBeFocused();
    await expect(book).toBeDisabled();

    // another day: from the list to the slot
    await openFromInsuranceList(page, slot, 'en');
    await expect(page).toHaveURL(new RegExp(`/en/insurance/available-appointments/${slot.id}\\?`));
    await expect(page.getByRole('heading', { level: 1, name: 'Reserve an appointment' })).toBeVisible();
    form = page.getByRole('form', { name: 'Reservation' });
    book = form.getByRole('button', { name: 'Reserve appointment' });
    await form.getByRole('radio', { name: 'Pohjola Vakuutus (OP)' }).check();

    // §4: don't verify gives canceled; cancel returns to undefined
    await form.getByRole('button', { name: "Don't verify" }).click();
    await expect(form.getByText('Without verification, the visit is booked at the base price.')).toBeVisible();
    await expect(book).toBeDisabled();
    await expectNoAxeViolations(page, 'Pohjola not verified (en)');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.getByText('Verify your Pohjola insurance before booking.')).toBeVisible();
    // …continue books at the base price
    await form.getByRole('button', { name: "Don't verify" }).click();
    await form.getByRole('button', { name: 'Continue at the base price' }).click();
    await expect(form.getByText('Your insurance is not verified: the visit is booked at the base price.')).toBeVisible();
    await expect(book).toBeEnabled();
    // verify now: found
    await form.getByRole('button', { name: 'Verify now' }).click();
    await expect(form.getByText('Your Pohjola insurance was found.')).toBeVisible();
    await expect(book).toBeEnabled();
    await expectNoAxeViolations(page, 'Pohjola insurance found (en)');
    await book.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your appointment has been reserved' })).toBeFocused();
    await expect(page.getByText(slot.practitioner.name).first()).toBeVisible();
    await expectNoAxeViolations(page, 'reservation confirmation after Pohjola (en)');
    await cancelTheBooking(page, 'en');
  });
});
