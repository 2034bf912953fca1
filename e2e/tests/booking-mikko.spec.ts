import fs from 'node:fs';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { addDays, helsinkiDate, helsinkiHour, icsUtc, loginPath } from './booking-helpers';
import { signInFromLoginPage } from './sign-in';

/**
 * Mikko books, checks in and cancels (issue 13; spec part 2 §2.1, §4 "Appointment search",
 * "Logged-in reservation", "Appointment page actions", §5 filter behaviour, §8, §9). His seeded
 * appointments (server/src/demo/seed/booking.ts): one starting ~20 minutes after the
 * server started (check-in open), one inside the 24-hour cancellation window, later ones.
 */
test.describe('booking: Mikko (150385-9013)', () => {
  test('searches with filters, reserves a private slot, sees it, downloads its .ics and cancels it', async ({ page }) => {
    await page.goto(loginPath('fi', '/fi/ajanvaraus'));
    await signInFromLoginPage(page, personas.mikko.code);

    // the landing: the three customer types (adult brand); private leads to its list
    await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Työterveyshuolto/ })).toBeVisible();
    await expectNoAxeViolations(page, 'booking landing (fi)');
    await page.getByRole('link', { name: /^Yksityisasiakas/ }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraus\/yksityisasiakas/);
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();

    // §5: a whole municipality selects its clinics; the filter lives in the address
    const filters = page.getByRole('region', { name: 'Hakuehdot' });
    await filters.locator('summary', { hasText: 'Toimipisteet' }).click();
    // the boxes are controlled by the address: a click is shown checked once the address has it
    await filters.getByRole('checkbox', { name: 'Koko Helsinki' }).click();
    await expect(filters.getByRole('checkbox', { name: 'Koko Helsinki' })).toBeChecked();
    await expect(page).toHaveURL(/clinicIds=KA/);
    await expect(page).toHaveURL(/clinicIds=HP/);
    await expect(page).toHaveURL(/clinicIds=ITK/);
    await expect(filters.getByRole('checkbox', { name: 'Lääkärikeskus Itäkeskus' })).toBeChecked();
    await filters.locator('summary', { hasText: 'Erikoisalat' }).click();
    await filters.getByRole('checkbox', { name: 'Yleislääketiede' }).click();
    await expect(page).toHaveURL(/specialtyIds=YLE/);
    await expect(filters.getByRole('checkbox', { name: 'Yleislääketiede' })).toBeChecked();

    // the time-of-day tab: morning is 7–12 on a Helsinki clock (§9); the calendar then marks the days with free mornings
    await page.getByRole('tab', { name: 'Aamupäivä' }).click();
    await expect(page.getByRole('tab', { name: 'Aamupäivä' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]time=morning/);

    // the calendar: the first free day a week or more ahead (outside the cancellation window)
    const calendar = page.getByRole('region', { name: 'Vapaat päivät' });
    const weekAhead = addDays(helsinkiDate(Date.now()), 7);
    let chosenDay: string | undefined;
    const seen: string[] = [];
    for (let month = 0; month < 2 && !chosenDay; month++) {
      // the next month when this one has no free day that far ahead
      if (month > 0) await calendar.getByRole('button', { name: 'Siirry seuraavaan kuukauteen' }).click();
      await expect(calendar).toHaveAttribute('aria-busy', 'false');
      const freeDays = await calendar.locator('[data-day]:not([data-disabled]) button:not([disabled])').evaluateAll((buttons) =>
        buttons.map((button) => button.closest('[data-day]')?.getAttribute('data-day') ?? ''),
      );
      seen.push(...freeDays);
      chosenDay = freeDays.find((day) => day >= weekAhead);
    }
    expect(chosenDay, `a free day on or after ${weekAhead} in ${seen.join(', ')}`).toBeTruthy();
    await calendar.locator(`[data-day="${chosenDay}"] button`).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${chosenDay}`));

    const results = page.getByRole('list', { name: 'Vapaat ajat' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const starts = await results.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) {
      expect(helsinkiDate(start) >= chosenDay!, `${start} on or after ${chosenDay}`).toBe(true);
      expect(helsinkiHour(start), `${start} in the morning`).toBeGreaterThanOrEqual(7);
      expect(helsinkiHour(start), `${start} in the morning`).toBeLessThan(12);
    }
    const firstCard = results.getByRole('listitem').first();
    await expect(firstCard).toContainText('Yleislääketiede');
    await expect(firstCard).toContainText(/Lääkärikeskus (Kamppi|Hakaniemi|Itäkeskus)/);
    await expect(firstCard).toContainText(/alkaen\s\d+,\d{2}\s€/);
    await expectNoAxeViolations(page, 'private list with filters (fi)');

    // the slot card leads to the signed-in reservation page, keeping the search in its address
    const slotStart = starts[0]!;
    const practitioner = (await firstCard.locator('p').first().locator('span').first().textContent())!.trim();
    await firstCard.getByRole('link').click();
    await expect(page).toHaveURL(/\/fi\/vapaat-ajat\/\d+\?.*specialtyIds=YLE/);
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    await expect(page.getByText(practitioner).first()).toBeVisible();
    // his saved contact details; outside the window there is no binding checkbox
    await expect(page.getByText('mikko.virtanen@example.fi')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /sitova/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'reservation form (fi)');
    await page.getByRole('button', { name: 'Varaa aika' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' })).toBeFocused();
    await expect(page.getByText(/Lähetämme vahvistuksen tekstiviestillä numeroon/)).toBeVisible();
    await expectNoAxeViolations(page, 'reservation confirmation (fi)');
    const appointmentHref = await page.getByRole('link', { name: 'Näytä varaus' }).getAttribute('href');
    const appointmentId = /\/fi\/varaus\/(\d+)$/.exec(appointmentHref ?? '')?.[1];
    expect(appointmentId, `the appointment link ${appointmentHref}`).toBeTruthy();

    // it is among his appointments
    await page.getByRole('link', { name: 'Kaikki ajanvaraukset' }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraukset$/);
    const booked = page.getByRole('list', { name: 'Tulevat ajanvaraukset' }).getByRole('listitem').filter({ has: page.locator(`a[href$="/varaus/${appointmentId}"]`) });
    await expect(booked).toContainText(practitioner);
    await expect(booked.locator('time')).toHaveAttribute('datetime', new RegExp(`^${helsinkiDate(slotStart)}|^${slotStart.slice(0, 10)}`));

    // its page offers "Add to calendar": an .ics of the same time
    await booked.getByRole('link', { name: 'Yleislääketiede' }).click();
    await expect(page).toHaveURL(new RegExp(`/fi/varaus/${appointmentId}$`));
    const calendarLink = page.getByRole('link', { name: 'Lisää kalenteriin' });
    const icsHref = (await calendarLink.getAttribute('href'))!;
    const icsResponse = await page.request.get(icsHref);
    expect(icsResponse.status()).toBe(200);
    expect(icsResponse.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(icsResponse.headers()['content-disposition']).toMatch(/attachment; filename=".+\.ics"/);
    const [download] = await Promise.all([page.waitForEvent('download'), calendarLink.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = fs.readFileSync(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${icsUtc(slotStart)}`);
    expect(ics).toContain(practitioner);

    // a week ahead it may be cancelled online (§4): the front page then says so (part 1 §9)
    await expectNoAxeViolations(page, 'appointment page (fi)');
    await page.getByRole('button', { name: 'Peru aika' }).click();
    await expect(page.getByText('Haluatko perua tämän ajan?')).toBeVisible();
    await page.getByRole('button', { name: 'Kyllä, peru aika' }).click();
    // the fragment stays while the toast shows its 15 seconds (spec part 2 §2.1)
    await expect(page).toHaveURL(/\/fi#appointment-cancelled$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    await expect(page.getByRole('status').getByText('Ajanvaraus peruttu')).toBeVisible();
    await page.goto('/fi/ajanvaraukset');
    await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraukset' })).toBeVisible();
    await expect(page.locator(`a[href$="/varaus/${appointmentId}"]`)).toHaveCount(0);
  });

  test('checks in to the appointment that starts soon; inside the window cancel is refused', async ({ page }) => {
    await page.goto(loginPath('en', '/en/appointments'));
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByText('You can cancel an appointment online when at least 24 hours remain before it starts.')).toBeVisible();
    const upcoming = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem');
    // the provider-cancelled one is listed with its notice
    await expect(upcoming.filter({ hasText: 'The clinic has cancelled this appointment.' })).toHaveCount(1);

    // soonest first: the one starting ~20 minutes after the seed, at Kamppi with Anna Lahtinen
    const soon = upcoming.first();
    await expect(soon).toContainText('Anna Lahtinen');
    await expect(soon).toContainText('Lääkärikeskus Kamppi');
    await soon.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/appointment\/\d+$/);
    await expect(page.getByText('Check-in opens 30 minutes before the appointment.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(page.getByText('You have checked in.')).toBeFocused();
    await expect(page.getByText('Please go to: Huone 214, 2. krs')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'checked in (en)');

    // the next one is inside the 24-hour window: no cancel button, the phone instead (§4, §8)
    await page.goto('/en/appointments');
    const insideWindow = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem').filter({ hasText: 'Mikael Heikkinen' });
    await insideWindow.getByRole('link').first().click();
    await expect(page.getByText(/Less than 24 hours remain before this appointment, so it can no longer be cancelled online/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel appointment' })).toHaveCount(0);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoAxeViolations(page, 'appointment inside the cancellation window at 360 px (en)');
  });
});
