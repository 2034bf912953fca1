import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { bookableAtClinic, expectNoHorizontalOverflow, findFreeSlot, helsinkiDate, smsMatching, type FreeSlot } from './booking-helpers';

/**
 * The anonymous appointment link of the confirmation SMS (issue 13; spec part 2 §4 "Anonymous
 * appointment flow", §5 the identity-code end part in 4 boxes, §8, §9 check-in 30 minutes before;
 * docs/product-decisions.md, "Paths": /{lang}/{varaus|bokning|appointment}/{token}). Aino (021178-912P) reserves
 * anonymously (the form itself: booking-anonymous.spec.ts) a time that starts within half an hour,
 * so the link offers check-in at once.
 */
const aino = { code: personas.aino.code, firstName: personas.aino.firstName, lastName: personas.aino.lastName } as const;
const PHONE = '+358405550778';
const MINUTE = 60_000;

/**
 * A free slot at a clinic that starts 3–28 minutes from now, so check-in (open from 30 minutes
 * before the start, §9) is allowed when the link is opened; null when this run's seeded calendar
 * has none (late in the evening).
 */
async function slotInCheckInWindow(request: Parameters<typeof findFreeSlot>[0]): Promise<FreeSlot | null> {
  const now = Date.now();
  return findFreeSlot(request, {
    startDate: helsinkiDate(now),
    maxPages: 3,
    accept: (slot) => bookableAtClinic(slot) && Date.parse(slot.startDate) - now >= 3 * MINUTE && Date.parse(slot.startDate) - now <= 28 * MINUTE,
  });
}

test.describe('booking: the anonymous appointment link', () => {
  test('checks in with the end part of the identity code in 4 boxes (sv, 360 px)', async ({ page, baseURL }) => {
    const soon = await slotInCheckInWindow(page.request);
    const slot = soon ?? (await findFreeSlot(page.request, { startDate: helsinkiDate(Date.now()), accept: (s) => bookableAtClinic(s) && Date.parse(s.startDate) - Date.now() > 40 * MINUTE }));
    expect(slot, 'a free slot at a clinic that needs no strong identification').not.toBeNull();
    // the anonymous call as the page makes it: no csrfToken, the portal's own Origin (spec §7)
    const reserved = await page.request.post('/api/anon/reserve-appointment?lang=sv', {
      headers: { origin: baseURL! },
      data: { internalOrganization: 'portal', appointmentId: slot!.id, emailAddress: 'aino.korhonen@example.fi', firstName: aino.firstName, lastName: aino.lastName, phone: PHONE, ssn: aino.code },
    });
    expect(reserved.status(), await reserved.text()).toBe(200);
    const [, linkPath] = await smsMatching(page, PHONE, /https?:\/\/[^/\s]+(\/sv\/bokning\/[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*)\b/);

    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(linkPath!);
    await expect(page.getByRole('heading', { level: 1, name: 'Din tidsbokning' })).toBeVisible();
    await expect(page.getByText(slot!.practitioner.name).first()).toBeVisible();
    // nothing on it names the patient
    await expect(page.getByText(aino.lastName)).toHaveCount(0);
    await expectNoAxeViolations(page, 'anonymous appointment link (sv)');
    const checkIn = page.getByRole('button', { name: 'Anmäl dig' });

    if (!soon) {
      // No free slot started within 30 minutes of now in this run's calendar: the disabled TooEarly state (§4).
      await expect(checkIn).toBeDisabled();
      await expect(page.getByText('Anmälan är inte möjlig ännu. Försök igen 30 minuter före den bokade tiden.')).toBeVisible();
      test.info().annotations.push({ type: 'note', description: 'no slot in the check-in window: asserted the disabled TooEarly state' });
      return;
    }

    // the end part in 4 boxes (§5): a wrong one is refused, the boxes empty for a new try
    await checkIn.click();
    const boxes = page.getByRole('group', { name: 'De 4 sista tecknen i din personbeteckning' });
    await expect(boxes.getByRole('textbox', { name: 'Tecken 1 av 4' })).toBeFocused();
    await page.keyboard.type('1234');
    await expect(page.getByRole('alert').filter({ hasText: 'Slutdelen av personbeteckningen är felaktig, kontrollera och försök igen' })).toBeVisible();
    await expect(boxes.getByRole('textbox', { name: 'Tecken 1 av 4' })).toBeFocused();
    await expectNoAxeViolations(page, 'identity-code end part, mismatch (sv)');
    // typed in lower case, auto-advancing; a backspace in an empty box goes back and empties it
    await page.keyboard.type('91');
    await expect(boxes.getByRole('textbox', { name: 'Tecken 3 av 4' })).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(boxes.getByRole('textbox', { name: 'Tecken 2 av 4' })).toBeFocused();
    await expect(boxes.getByRole('textbox', { name: 'Tecken 2 av 4' })).toHaveValue('');
    await page.keyboard.type('12p');
    await expect(page.getByText('Du har anmält dig')).toBeVisible();
    await expect(page.getByText(/^(Gå till: .+|Vänd dig till receptionen\.)$/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'checked in through the link at 360 px (sv)');

    // the link remembers it
    await page.reload();
    await expect(page.getByText('Du har anmält dig')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmäl dig' })).toHaveCount(0);
  });
});
