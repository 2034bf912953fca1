import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { bookableAtClinic, expectNoHorizontalOverflow, findFreeSlot, helsinkiDate, smsMatching } from './booking-helpers';

/**
 * An anonymous visitor reserves with the identity-code form and gets the appointment's link by SMS
 * (issue 13; spec part 2 §4 "Anonymous reservation", §5 "Anonymous reservation form", §7 the
 * anonymous call without csrfToken, §8); booking-anonymous-link.spec.ts checks in through the link.
 * Aino (021178-912P) is a customer whose patient data consent is fine; the phone is one no persona
 * has, so the outbox holds only this reservation's confirmation.
 */
const aino = { code: personas.aino.code, firstName: personas.aino.firstName, lastName: personas.aino.lastName } as const;
const PHONE = '+358405550777';
const MINUTE = 60_000;

test.describe('booking: an anonymous visitor', () => {
  test('reserves with the identity-code form at 360 px (sv) and gets the link by SMS', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });

    // the list at 360 px: the compact one-month calendar, nothing sticking out
    await page.goto('/sv/tidsbokning/privat-kund');
    await expect(page.getByRole('heading', { level: 1, name: 'Boka tid' })).toBeVisible();
    // on a phone the filters and the calendar fold behind one button (booking-phone.spec.ts)
    await page.getByRole('button', { name: /^Sökvillkor/ }).click();
    await expect(page.getByRole('region', { name: 'Lediga dagar' }).getByRole('grid')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Lediga tider' }).getByRole('listitem').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'private list at 360 px (sv)');

    // a time within the next 24 hours: the reservation is binding (§5), so the form asks for it
    const slot = await findFreeSlot(page.request, { startDate: helsinkiDate(Date.now()), accept: (s) => bookableAtClinic(s) && Date.parse(s.startDate) - Date.now() > 40 * MINUTE });
    expect(slot, 'a free slot at a clinic that needs no strong identification').not.toBeNull();
    await page.goto(`/sv/anonyma-anvandare/lediga-tider/${slot!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Boka tid' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Dina uppgifter' });
    await expect(form.getByText('Alla fält är obligatoriska.')).toBeVisible();

    // §5: each field's message once left
    const submit = form.getByRole('button', { name: 'Boka tid' });
    await expect(submit).toBeDisabled();
    await form.getByRole('textbox', { name: 'Personbeteckning' }).fill('021178-912');
    await form.getByRole('textbox', { name: 'Förnamn' }).focus();
    await expect(form.getByText('Kontrollera din personbeteckning')).toBeVisible();
    // typed in lower case, uppercased when left
    await form.getByRole('textbox', { name: 'Personbeteckning' }).fill(aino.code.toLowerCase());
    await form.getByRole('textbox', { name: 'Förnamn' }).fill(aino.firstName);
    await expect(form.getByRole('textbox', { name: 'Personbeteckning' })).toHaveValue(aino.code);
    await expect(form.getByText('Kontrollera din personbeteckning')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Efternamn' }).fill(aino.lastName);
    await form.getByRole('textbox', { name: 'Telefonnummer' }).fill(PHONE);
    await form.getByRole('textbox', { name: 'E-post' }).focus();
    await form.getByRole('textbox', { name: 'Förnamn' }).focus();
    await expect(form.getByText('Ditt telefonnummer och din e-post behövs för bekräftelsemeddelanden')).toBeVisible();
    await form.getByRole('textbox', { name: 'E-post' }).fill('aino.korhonen@example.fi');
    await expect(form.getByText('Ditt telefonnummer och din e-post behövs för bekräftelsemeddelanden')).toHaveCount(0);
    await expect(submit).toBeDisabled();
    await form.getByRole('checkbox', { name: 'Jag godkänner användarvillkoren' }).check();
    // inside the 24-hour window the reservation is binding and says so
    const binding = form.getByRole('checkbox', { name: /bokningen är bindande/ });
    if (Date.parse(slot!.startDate) - Date.now() < 24 * 60 * MINUTE) {
      await expect(submit).toBeDisabled();
      await binding.check();
    } else {
      await expect(binding).toHaveCount(0);
    }
    await expect(submit).toBeEnabled();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'anonymous reservation form at 360 px (sv)');
    await submit.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Din tid har bokats' })).toBeFocused();
    await expect(page.getByText(`Vi skickar en bekräftelse per textmeddelande till ${PHONE}.`)).toBeVisible();
    await expect(page.getByText(slot!.practitioner.name).first()).toBeVisible();
    await expectNoAxeViolations(page, 'anonymous reservation confirmation (sv)');

    // the confirmation SMS carries the anonymous link: a token, never the numeric id
    const [, linkPath] = await smsMatching(page, PHONE, /https?:\/\/[^/\s]+(\/sv\/bokning\/[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*)\b/);
    // the link opens the anonymous appointment page: booking-anonymous-link.spec.ts checks in through it
    expect(linkPath).not.toMatch(/\/\d+$/);
  });
});
