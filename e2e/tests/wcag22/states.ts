import { expect, type Browser, type Page } from '@playwright/test';
import { personas, test } from '../fixtures';
import { bookableAtClinic, findFreeSlot, helsinkiDate, loginPath, smsMatching, type FreeSlot } from '../booking-helpers';
import { newIdentityCode } from '../identity-codes';
import { signInFromLoginPage } from '../sign-in';
import { assess, expectConsistentHelp, type Findings, type PageType } from './assess';

/**
 * The page types of the WCAG 2.2 assessment (issue 33) that only a state reached on the way shows:
 * registration and welcome (someone not yet a customer), the earlier-time offer (a waitlist SMS's
 * link), the session-timed-out page and SMS code login of someone with SMS login on, and the
 * payment result (a payment that came back from the bank). wcag22-states.spec.ts and
 * children/wcag22-states.spec.ts run them on their brand's server, with axe on each at both widths.
 *
 * Nothing here is what another spec counts on: the newcomer is a fresh identity code with a phone
 * number of its own (the SMS outbox is read by number), whose bookings are let go again; Mikko's
 * payment is cancelled at the bank, which leaves the invoice open (payments.spec.ts does the same),
 * and the completed result is his invoice already paid in the seed.
 */

/** A mobile number no one else in the run has, as typed (050…) and as the portal keeps it (+35850…). */
function newPhoneNumber(): { typed: string; international: string } {
  const subscriber = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { typed: `050${subscriber}`, international: `+35850${subscriber}` };
}

async function csrfTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const state = JSON.parse(document.getElementById('portal-initial-state')?.textContent ?? '{}') as { user?: { csrfToken?: string } };
    return state.user?.csrfToken ?? '';
  });
}

/** Reserves `slot` for the signed-in patient on the reservation page (the consent form first, if asked); the appointment's id. */
async function reserve(page: Page, slot: FreeSlot): Promise<string> {
  await page.goto(`/fi/vapaat-ajat/${slot.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
  const reserveButton = page.getByRole('button', { name: 'Varaa aika' });
  const consent = page.getByRole('region', { name: 'Potilastietojen käsittely' }).last();
  const consentBox = consent.getByRole('checkbox', { name: 'Olen lukenut tietosuojaselosteen' });
  await expect(reserveButton.or(consentBox).first()).toBeVisible();
  if (await consentBox.isVisible()) {
    await consentBox.check();
    await consent.getByRole('button', { name: 'Tallenna' }).click();
  }
  await reserveButton.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aikasi on varattu' })).toBeFocused();
  const href = await page.getByRole('link', { name: 'Näytä varaus' }).getAttribute('href');
  const id = /\/fi\/varaus\/(\d+)$/.exec(href ?? '')?.[1];
  expect(id, `the appointment link ${href}`).toBeTruthy();
  return id!;
}

/**
 * A newcomer from the bank's identification to registration and welcome, then two bookings with the
 * same practitioner: waiting for an earlier time on the later one and letting the earlier one go
 * brings the offer SMS. Last, SMS login on, the session expired: the session-timed-out page and the
 * SMS code login.
 */
async function newcomersPages(browser: Browser, baseURL: string | undefined, findings: Findings): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const phone = newPhoneNumber();
  await page.goto(loginPath('fi', '/fi'));
  // a fresh code each run: one identification of the broker's 30 per 10 minutes
  await signInFromLoginPage(page, newIdentityCode());
  await expect(page).toHaveURL(/\/fi\/rekisteroityminen$/);
  await assess(page, [{ name: 'registration', path: '/fi/rekisteroityminen' }], findings, 'newcomer', { axe: true });

  const own = page.getByRole('group', { name: 'Omat tietosi' });
  for (const [field, value] of [
    ['Etunimi', 'Veera'],
    ['Sukunimi', 'Saavutettava'],
    ['Katuosoite', 'Esteettömänkatu 2'],
    ['Postinumero', '00100'],
    ['Postitoimipaikka', 'Helsinki'],
    ['Puhelinnumero', phone.typed],
    ['Sähköposti', 'veera.saavutettava@example.fi'],
  ] as const) {
    await own.getByRole('textbox', { name: field }).fill(value);
  }
  await own.getByRole('textbox', { name: 'Sähköposti' }).blur();
  await page.getByRole('button', { name: 'Rekisteröidy' }).click();
  await expect(page.getByText('Olet nyt rekisteröitynyt asiakkaaksemme.')).toBeVisible();
  await assess(
    page,
    [
      {
        name: 'welcome',
        path: '/fi/tervetuloa',
        async prepare(p) {
          await expect(p.getByRole('heading', { level: 1, name: 'Tervetuloa!' })).toBeVisible();
        },
      },
    ],
    findings,
    'newcomer',
    { axe: true },
  );

  // two times with one practitioner, a few days ahead (outside the cancellation window)
  const earlier = await findFreeSlot(page.request, { startDate: helsinkiDate(Date.now() + 4 * 86_400_000), accept: bookableAtClinic });
  expect(earlier, 'a free slot').not.toBeNull();
  const later = await findFreeSlot(page.request, {
    startDate: helsinkiDate(earlier!.startDate),
    accept: (slot) => bookableAtClinic(slot) && slot.practitioner.name === earlier!.practitioner.name && slot.startDate > earlier!.startDate,
  });
  expect(later, `a later free slot of ${earlier!.practitioner.name}`).not.toBeNull();
  const earlierId = await reserve(page, earlier!);
  const laterId = await reserve(page, later!);
  const csrfToken = await csrfTokenOf(page);
  const joined = await page.request.post(`/api/appointments/${laterId}/waitlist?csrfToken=${encodeURIComponent(csrfToken)}`, { data: { scope: 'practitioner' } });
  expect(joined.status(), 'joining the waitlist').toBe(200);
  expect((await page.request.delete(`/api/appointments/${earlierId}?csrfToken=${encodeURIComponent(csrfToken)}`)).status(), 'cancelling the earlier time').toBe(200);
  const [, token] = await smsMatching(page, phone.international, /\/fi\/aiempi-aika\/([\w-]{16,64})/);
  await assess(
    page,
    [
      {
        name: 'earlier-time offer',
        path: `/fi/aiempi-aika/${token}`,
        async prepare(p) {
          await expect(p.getByRole('heading', { level: 1, name: 'Aiempi aika on vapautunut' })).toBeVisible();
          await expect(p.getByRole('button', { name: 'Ota tämä aika' })).toBeVisible();
        },
      },
    ],
    findings,
    'newcomer',
    { axe: true },
  );
  // the later time goes back to the calendar too (a cancelled appointment's waitlist entry is offered nothing)
  expect((await page.request.delete(`/api/appointments/${laterId}?csrfToken=${encodeURIComponent(csrfToken)}`)).status(), 'cancelling the later time').toBe(200);

  // SMS login on, with the code the test gateway sent
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/fi/omat-tiedot');
  const section = page.getByRole('region', { name: 'Tekstiviestikirjautuminen' });
  await section.getByRole('switch', { name: 'Tekstiviestikirjautuminen' }).click();
  await expect(section.getByRole('textbox', { name: 'Puhelinnumero' })).toBeFocused();
  await section.getByRole('button', { name: 'Lähetä koodi' }).click();
  await expect(section.getByRole('textbox', { name: 'Numero 1/4' })).toBeFocused();
  const [, code] = await smsMatching(page, phone.international, /vahvistuskoodisi on (\d{4})/);
  await page.keyboard.type(code!);
  await expect(section.getByText('Tekstiviestikirjautuminen on nyt käytössä.')).toBeVisible();

  // the session ends (development's shortcut for 30 idle minutes): what the patient meets next
  expect((await page.request.post(`/api/dev/expire-session?csrfToken=${encodeURIComponent(await csrfTokenOf(page))}`)).status()).toBe(200);
  const smsLogin = '/fi/tunnistautuminen?next=%2Ffi';
  await assess(
    page,
    [
      {
        name: 'session timed out, SMS login on',
        path: '/fi/katkennut-istunto?next=%2Ffi',
        async prepare(p) {
          await expect(p.getByRole('link', { name: 'Jatka tekstiviestikoodilla' })).toBeVisible();
        },
      },
      {
        name: 'SMS code login',
        path: smsLogin,
        async prepare(p) {
          await expect(p.getByRole('heading', { level: 1, name: 'Kirjaudu tekstiviestikoodilla' })).toBeVisible();
          await expect(p.getByRole('button', { name: 'Lähetä koodi' })).toBeVisible();
        },
      },
      {
        name: 'SMS code login, code sent',
        path: smsLogin,
        async prepare(p) {
          await p.getByRole('button', { name: 'Lähetä koodi' }).click();
          await expect(p.getByRole('textbox', { name: 'Numero 1/4' })).toBeFocused();
        },
      },
    ],
    findings,
    'newcomer, session expired',
    { axe: true },
  );
  await context.close();
}

/** The first of Mikko's invoices the list offers to pay online. */
async function payableInvoice(page: Page): Promise<string> {
  await page.goto('/fi/laskut');
  const list = page.getByRole('list', { name: 'Laskut ja kuitit' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const payable = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Maksa verkossa/ }) });
  const heading = await payable.first().getByRole('heading', { level: 2 }).textContent();
  const invoiceNumber = heading?.replace(/^Lasku\s+/, '').trim() ?? '';
  expect(invoiceNumber, 'an invoice of Mikko’s payable online').toMatch(/^\d+$/);
  return invoiceNumber;
}

/**
 * The payment result page as the bank's return leaves it: completed (an invoice paid, here one the
 * seed paid: no payment attempt, so the invoice's own state, the same page) and interrupted (a
 * payment cancelled at the test provider's bank page, which leaves the invoice open).
 */
const mikkosPages: PageType[] = [
  // the help's placement on the pages of the other specs, for 3.2.6
  { name: 'front page', path: '/fi' },
  {
    name: 'payment result, completed',
    path: '/fi/maksu/24102455',
    async prepare(page) {
      await expect(page.getByText('Maksu suoritettu')).toBeVisible();
    },
  },
  {
    name: 'payment result, interrupted',
    async find(page) {
      const invoiceNumber = await payableInvoice(page);
      await page.goto(`/fi/maksa/${invoiceNumber}`);
      await page.getByRole('list', { name: 'Valitse maksutapa' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Peruuta maksu ja palaa' }).click();
      await expect(page).toHaveURL(new RegExp(`/fi/maksu/${invoiceNumber}$`));
      return `/fi/maksu/${invoiceNumber}`;
    },
    async prepare(page) {
      await expect(page.getByText('Maksu keskeytyi')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Yritä uudelleen' })).toBeVisible();
    },
  },
];

/** Runs 2.4.11, 2.5.8, 3.2.6's placements and axe on the states' page types of the server at `baseURL`. */
export async function assessStates(browser: Browser, baseURL: string | undefined, findings: Findings): Promise<void> {
  await newcomersPages(browser, baseURL, findings);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(loginPath('fi', '/fi'));
  await signInFromLoginPage(page, personas.mikko.code);
  await assess(page, mikkosPages, findings, 'Mikko', { axe: true });
  await context.close();
}

/** The one check of the state page types, for the brand of the project it runs in (both specs declare it). */
export function testStatePageTypes(): void {
  test('2.4.11, 2.5.8, 3.2.6 and axe on registration, welcome, the earlier-time offer, SMS code login and the payment result', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const findings: Findings = { problems: [], help: new Map(), keyboardPasses: [] };
    await assessStates(browser, baseURL, findings);
    expect(findings.problems, '2.4.11, 2.5.8 and axe').toEqual([]);
    expectConsistentHelp(findings, ['customer service phone', 'help link']);
  });
}
