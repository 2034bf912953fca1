import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

interface OutboxAnswer {
  messages: { phoneNumber: string; text: string; sentAt: string }[];
}

const MIKKOS_PHONE = '+358 40 555 0101';

/** The newest code the test SMS gateway "sent" to `phoneNumber` after `sentAfter` (GET /api/dev/sms-outbox). */
async function codeFromOutbox(page: Page, phoneNumber: string, sentAfter: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await page.request.get('/api/dev/sms-outbox', { params: { phoneNumber } });
    expect(res.status()).toBe(200);
    const newest = ((await res.json()) as OutboxAnswer).messages[0];
    expect(newest && newest.sentAt >= sentAfter.slice(0, 19)).toBeTruthy();
    code = /\b(\d{4})\b/.exec(newest?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);
  }).toPass();
  return code;
}

async function fitsIn360(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test.describe('SMS login (issue 12: spec part 2 §2.2, §3 MFA status, §4)', () => {
  test('Mikko turns SMS login on in My information, his session times out, and he comes back with an SMS code', async ({ page }) => {
    // the shell's own timer sends him to the session-timed-out page: the browser's clock is moved on
    await page.clock.install();
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/fi/omat-tiedot');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/omat-tiedot/);

    // My information: the toggle is off, turning it on starts the SMS verification
    const section = page.getByRole('region', { name: 'Tekstiviestikirjautuminen' });
    const toggle = section.getByRole('switch', { name: 'Tekstiviestikirjautuminen' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByText('Tekstiviestikirjautuminen ei ole käytössä.', { exact: false })).toBeVisible();
    await toggle.click();
    const phone = section.getByRole('textbox', { name: 'Puhelinnumero' });
    await expect(phone).toBeFocused();
    await expect(phone).toHaveValue(MIKKOS_PHONE);
    await expectNoAxeViolations(page, 'My information, SMS login verification');
    await fitsIn360(page);

    const enableSentAfter = new Date().toISOString();
    await section.getByRole('button', { name: 'Lähetä koodi' }).click();
    await expect(section.getByRole('textbox', { name: 'Numero 1/4' })).toBeFocused();
    await expectNoAxeViolations(page, 'My information, SMS login code step');
    await page.keyboard.type(await codeFromOutbox(page, MIKKOS_PHONE, enableSentAfter));
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByText('Tekstiviestikirjautuminen on nyt käytössä.')).toBeVisible();

    // the session ends on the server (development's shortcut for 30 idle minutes) and the shell's timer fires
    const csrfToken = await page.evaluate(() => {
      const state = JSON.parse(document.getElementById('portal-initial-state')?.textContent ?? '{}') as { user?: { csrfToken?: string } };
      return state.user?.csrfToken ?? '';
    });
    expect((await page.request.post(`/api/dev/expire-session?csrfToken=${encodeURIComponent(csrfToken)}`)).status()).toBe(200);
    await page.clock.fastForward('31:00');

    // session timed out: two ways back, both to where he was
    await expect(page).toHaveURL(/\/fi\/katkennut-istunto\?next=%2Ffi%2Fomat-tiedot/);
    await expect(page.getByRole('heading', { level: 1, name: 'Istuntosi on päättynyt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kirjaudu pankkitunnuksilla' })).toHaveAttribute('href', '/fi/kirjaudu?nextPath=%2Ffi%2Fomat-tiedot');
    await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectNoAxeViolations(page, 'session timed out page');
    await fitsIn360(page);
    await page.getByRole('link', { name: 'Jatka tekstiviestikoodilla' }).click();

    // the SMS code login page: only the end of the number is shown
    await expect(page).toHaveURL(/\/fi\/tunnistautuminen\?next=%2Ffi%2Fomat-tiedot/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kirjaudu tekstiviestikoodilla' })).toBeVisible();
    await expect(page.getByText('Lähetämme koodin puhelinnumeroosi, joka päättyy numeroihin 101.')).toBeVisible();
    await expect(page.getByText('555 0101')).toHaveCount(0);
    await expectNoAxeViolations(page, 'SMS code login page');
    await fitsIn360(page);

    const loginSentAfter = new Date().toISOString();
    await page.getByRole('button', { name: 'Lähetä koodi' }).click();
    await expect(page.getByRole('textbox', { name: 'Numero 1/4' })).toBeFocused();
    const code = await codeFromOutbox(page, MIKKOS_PHONE, loginSentAfter);
    // one wrong code first: the tries left are told and the boxes are empty again
    await page.keyboard.type(String((Number(code) + 1) % 10_000).padStart(4, '0'));
    await expect(page.getByText('Koodi on väärä. Sinulla on 2 yritystä jäljellä.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Numero 1/4' })).toBeFocused();
    await expectNoAxeViolations(page, 'SMS code login page, wrong code');
    await page.keyboard.type(code);

    // a new session, back where he was
    await expect(page).toHaveURL(/\/fi\/omat-tiedot$/);
    const again = page.getByRole('region', { name: 'Tekstiviestikirjautuminen' });
    await expect(again.getByRole('switch', { name: 'Tekstiviestikirjautuminen' })).toHaveAttribute('aria-checked', 'true');

    // and off again: no verified device (the front page's onboarding box is offered to him again)
    await again.getByRole('switch', { name: 'Tekstiviestikirjautuminen' }).click();
    await expect(again.getByRole('switch', { name: 'Tekstiviestikirjautuminen' })).toHaveAttribute('aria-checked', 'false');
    await expect(again.getByText('Tekstiviestikirjautuminen on nyt poistettu käytöstä.')).toBeVisible();
  });
});
