import type { Locator, Page, Request } from '@playwright/test';
import { expect, handedOver, personas, test } from './fixtures';
import { addDays, bookableAtClinic, findFreeSlot, helsinkiDate, loginPath } from './booking-helpers';
import { signInFromLoginPage } from './sign-in';
import { newIdentityCode } from './identity-codes';

/**
 * WCAG 2.2 AA in the portal's multi-step flows (issue 33; the page-by-page criteria are in
 * wcag22.spec.ts): 3.3.7 Redundant Entry (what was given earlier in a process is filled in or
 * offered, not asked again) and 3.3.8 Accessible Authentication (Minimum) (the SMS code boxes take
 * a pasted code and the code a password manager or the phone's autofill puts in the first box: the
 * shell's on the front page, and the account remote's in My information and on the SMS code login).
 */

/** The names of the text fields in `scope`: what the page asks the patient to type. */
async function askedFields(scope: Locator): Promise<string[]> {
  return scope.getByRole('textbox').evaluateAll((inputs) =>
    inputs.filter((input) => (input as HTMLElement).checkVisibility()).map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? input.getAttribute('aria-label') ?? ''),
  );
}

/**
 * Records the codes the page sends to be checked (`field` of the JSON body of `method` requests to
 * `pathname`) and fails those requests: no code is checked, so no attempt is used up.
 */
async function holdCodeChecks(page: Page, pathname: string, method: string, field: string): Promise<string[]> {
  const sent: string[] = [];
  await page.route(
    (url) => url.pathname === pathname,
    async (route, request: Request) => {
      if (request.method() !== method) return route.fallback();
      sent.push(String((request.postDataJSON() as Record<string, unknown>)[field]));
      await route.abort();
    },
  );
  return sent;
}

async function csrfTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const state = JSON.parse(document.getElementById('portal-initial-state')?.textContent ?? '{}') as { user?: { csrfToken?: string } };
    return state.user?.csrfToken ?? '';
  });
}

/**
 * 3.3.8 on the 4-digit SMS code boxes just shown in `scope`: nothing to solve or remember but the
 * code (the boxes are all the step asks), pasting is not blocked (the code pasted into the first box
 * fills them all and goes to be checked whole), and the first box tells password managers and the
 * phone's autofill it takes a one-time code, which they put whole into it.
 */
async function expectAccessibleCodeEntry(page: Page, scope: Locator, sent: string[]): Promise<void> {
  const digits = scope.getByRole('textbox', { name: /^Numero \d\/4$/ });
  await expect(digits.first()).toBeFocused();
  expect(await askedFields(scope)).toEqual(['Numero 1/4', 'Numero 2/4', 'Numero 3/4', 'Numero 4/4']);
  expect(await digits.first().getAttribute('autocomplete')).toBe('one-time-code');
  const before = sent.length;
  await page.evaluate(() => navigator.clipboard.writeText('4821'));
  await page.keyboard.press('ControlOrMeta+V');
  await expect.poll(() => sent.slice(before)).toEqual(['4821']);
  await digits.first().fill('7356');
  await expect.poll(() => sent.slice(before)).toEqual(['4821', '7356']);
}

/** What the reservation already knows of a customer: asking any of it again would be redundant entry. */
const CUSTOMER_DETAILS = /henkilötunnus|etunimi|sukunimi|nimi|osoite|postinumero|postitoimipaikka|puhelin|sähköposti/i;

const leena = { code: '121264-9685', phone: '+358 44 555 0303' } as const;

test.describe('WCAG 2.2 AA in multi-step flows (issue 33)', () => {
  test('3.3.7: booking signed in keeps the search and uses the saved contact details', async ({ page }) => {
    await page.goto(loginPath('fi', '/fi/ajanvaraus/yksityisasiakas?specialtyIds=YLE'));
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    const first = page.getByRole('list', { name: 'Vapaat ajat' }).getByRole('listitem').first();
    await first.getByRole('link').click();
    // the search given on the list travels with the slot…
    await expect(page).toHaveURL(/\/fi\/vapaat-ajat\/\d+\?.*specialtyIds=YLE/);
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    // …and the details he gave the service before are shown, not asked again
    await expect(page.getByText('mikko.virtanen@example.fi')).toBeVisible();
    // (the visit's reason is new information, asked once)
    expect((await askedFields(page.getByRole('main'))).filter((field) => CUSTOMER_DETAILS.test(field))).toEqual([]);
  });

  test('3.3.7: an anonymous booking keeps what was typed when the visitor picks another time', async ({ page }) => {
    // slots anyone may reserve without strong identification, among the list's first ones
    const bookable = new Set<string>();
    for (let offset = 0; offset < 60; offset += 20) {
      const answer = (await (await page.request.get('/api/appointments', { params: { lang: 'fi', startDate: helsinkiDate(Date.now()), offset: String(offset) } })).json()) as {
        availableAppointments: { appointments: { id: string; isRemote: boolean; requiresAuthToReserve: boolean }[] };
      };
      for (const slot of answer.availableAppointments.appointments) if (bookableAtClinic(slot as never)) bookable.add(slot.id);
    }
    await page.goto('/fi/ajanvaraus/yksityisasiakas');
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Vapaat ajat' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const hrefs = (await list.locator('a[href*="/vapaat-ajat/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).filter((href) =>
      bookable.has(/\/vapaat-ajat\/(\d+)/.exec(href)?.[1] ?? ''),
    );
    expect(hrefs.length, 'two slots bookable without strong identification in the list').toBeGreaterThanOrEqual(2);
    await list.locator(`a[href="${hrefs[0]}"]`).click();
    await expect(page).toHaveURL(/\/fi\/kirjautumattomat-kayttajat\/vapaat-ajat\/\d+/);
    const form = page.getByRole('form', { name: 'Tietosi' });
    const typed = { Henkilötunnus: personas.aino.code, Etunimi: personas.aino.firstName, Sukunimi: personas.aino.lastName, Puhelinnumero: '+358405550779', Sähköposti: 'aino.korhonen@example.fi' };
    for (const [field, value] of Object.entries(typed)) await form.getByRole('textbox', { name: field }).fill(value);
    await form.getByRole('textbox', { name: 'Sähköposti' }).blur();
    const firstSlot = page.url();

    // another time after all: back to the list, a later slot
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    await list.locator(`a[href="${hrefs[1]}"]`).click();
    await expect(page).toHaveURL(/\/fi\/kirjautumattomat-kayttajat\/vapaat-ajat\/\d+/);
    expect(page.url()).not.toBe(firstSlot);
    for (const [field, value] of Object.entries(typed)) await expect(form.getByRole('textbox', { name: field }), field).toHaveValue(value);
  });

  test('3.3.7: someone registering while booking is not asked again for what registration took', async ({ page }) => {
    const slot = await findFreeSlot(page.request, { startDate: addDays(helsinkiDate(Date.now()), 3), accept: bookableAtClinic });
    expect(slot, 'a free slot').not.toBeNull();
    await page.goto(loginPath('fi', `/fi/vapaat-ajat/${slot!.id}`));
    const code = newIdentityCode();
    await signInFromLoginPage(page, code);
    const registration = page.getByRole('region', { name: 'Rekisteröityminen' }).last();
    await expect(registration).toBeVisible();
    // the identity code the bank gave is shown, not asked
    await expect(registration.getByText(`${code.slice(0, 7)}****`)).toBeVisible();
    expect(await askedFields(registration)).not.toContain('Henkilötunnus');
    const own = registration.getByRole('group', { name: 'Omat tietosi' });
    await own.getByRole('textbox', { name: 'Etunimi' }).fill('Pirkko');
    await own.getByRole('textbox', { name: 'Sukunimi' }).fill('Uusitalo');
    await own.getByRole('textbox', { name: 'Katuosoite' }).fill('Aleksanterinkatu 7 B 12');
    await own.getByRole('textbox', { name: 'Postinumero' }).fill('00100');
    await own.getByRole('textbox', { name: 'Postitoimipaikka' }).fill('Helsinki');
    await own.getByRole('textbox', { name: 'Puhelinnumero' }).fill('040 765 4321');
    await own.getByRole('textbox', { name: 'Sähköposti' }).fill('pirkko.uusitalo@example.fi');
    await registration.getByRole('button', { name: 'Rekisteröidy' }).click();
    const consent = page.getByRole('region', { name: 'Potilastietojen käsittely' }).last();
    await consent.getByRole('checkbox', { name: 'Olen lukenut tietosuojaselosteen' }).check();
    await consent.getByRole('button', { name: 'Tallenna' }).click();

    // the reservation form: the details just given, shown and not asked for again
    await expect(page.getByRole('button', { name: 'Varaa aika' })).toBeVisible();
    await expect(page.getByText('pirkko.uusitalo@example.fi')).toBeVisible();
    await expect(page.getByText('Aleksanterinkatu 7 B 12')).toBeVisible();
    expect((await askedFields(page.getByRole('main'))).filter((field) => CUSTOMER_DETAILS.test(field))).toEqual([]);
  });

  test('3.3.8: the SMS code boxes take a pasted code and a code autofilled into the first box', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(loginPath('fi', '/fi'));
    await signInFromLoginPage(page, leena.code);
    await expect(page.getByRole('heading', { level: 1, name: /Leena/ })).toBeVisible();
    const sent = await holdCodeChecks(page, '/api/mfa-onboarding', 'PUT', 'challengeResponseFromUser');

    // the front page's SMS login box (the shell's boxes)
    const box = page.getByRole('region', { name: 'Tekstiviestikirjautuminen' });
    await box.getByRole('button', { name: 'Lähetä koodi' }).click();
    await expectAccessibleCodeEntry(page, box, sent);
  });

  test("3.3.8: My information's SMS login verification takes a pasted code and a code autofilled into the first box", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(loginPath('fi', '/fi/omat-tiedot'));
    await signInFromLoginPage(page, leena.code);
    await expect(page).toHaveURL(/\/fi\/omat-tiedot/);
    // from no SMS login and no code waiting for its answer (the front page's box may have sent one)
    const reset = await page.request.post(`/api/mfa?csrfToken=${encodeURIComponent(await csrfTokenOf(page))}`, { data: { action: 'disable' } });
    expect(reset.status()).toBe(200);
    await page.reload();
    await handedOver(page);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    const sent = await holdCodeChecks(page, '/api/mfa-onboarding', 'PUT', 'challengeResponseFromUser');

    // the account remote's boxes, after the switch and the phone number
    const section = page.getByRole('region', { name: 'Tekstiviestikirjautuminen' });
    const toggle = section.getByRole('switch', { name: 'Tekstiviestikirjautuminen' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(section.getByRole('textbox', { name: 'Puhelinnumero' })).toHaveValue(leena.phone);
    await section.getByRole('button', { name: 'Lähetä koodi' }).click();
    await expectAccessibleCodeEntry(page, section, sent);

    // Leena as she was: no SMS login, the verification cancelled
    await toggle.click();
    await expect(section.getByText('Tekstiviestikirjautuminen on nyt poistettu käytöstä.')).toBeVisible();
  });

  test('3.3.8: the SMS code login after the session expired takes a pasted code and a code autofilled into the first box', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Aino has SMS login on; her session ends on the server (development's shortcut for 30 idle minutes)
    await page.goto(loginPath('fi', '/fi'));
    await signInFromLoginPage(page, personas.aino.code);
    await expect(page.getByRole('heading', { level: 1, name: /Aino/ })).toBeVisible();
    expect((await page.request.post(`/api/dev/expire-session?csrfToken=${encodeURIComponent(await csrfTokenOf(page))}`)).status()).toBe(200);
    const sent = await holdCodeChecks(page, '/api/pin', 'POST', 'pin');

    // the account remote's SMS code login page, from the session-timed-out page
    await page.goto('/fi/katkennut-istunto?next=%2Ffi');
    await page.getByRole('link', { name: 'Jatka tekstiviestikoodilla' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu tekstiviestikoodilla' })).toBeVisible();
    await page.getByRole('button', { name: 'Lähetä koodi' }).click();
    await expectAccessibleCodeEntry(page, page.getByRole('main'), sent);
  });
});
