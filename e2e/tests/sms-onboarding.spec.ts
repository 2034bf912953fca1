import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

interface OutboxAnswer {
  messages: { phoneNumber: string; text: string; sentAt: string }[];
}

test.describe('SMS login onboarding on the front page', () => {
  test('Mikko turns on SMS login with the code the test SMS gateway sent him', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();

    const box = page.getByRole('region', { name: 'Tekstiviestikirjautuminen' });
    await expect(box).toBeVisible();
    const phone = box.getByRole('textbox', { name: 'Matkapuhelinnumero' });
    await expect(phone).toHaveValue('+358 40 555 0101');
    await expectNoAxeViolations(page, 'front page with the SMS onboarding box');
    // nothing sticks out of a 360 px screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const sentAfter = new Date().toISOString();
    await box.getByRole('button', { name: 'Lähetä koodi' }).click();
    const digit1 = box.getByRole('textbox', { name: 'Numero 1/4' });
    await expect(digit1).toBeFocused();
    await expect(box.getByRole('group', { name: 'Syötä numeroon +358 40 555 0101 lähetetty 4-numeroinen koodi' })).toBeVisible();
    await expectNoAxeViolations(page, 'SMS onboarding code step');

    // the documented way for testers: GET /api/dev/sms-outbox?phoneNumber= (APP_ENV=development)
    let code = '';
    await expect(async () => {
      const res = await page.request.get('/api/dev/sms-outbox', { params: { phoneNumber: '+358 40 555 0101' } });
      expect(res.status()).toBe(200);
      const newest = ((await res.json()) as OutboxAnswer).messages[0];
      expect(newest && newest.sentAt >= sentAfter.slice(0, 19)).toBeTruthy();
      code = /\b(\d{4})\b/.exec(newest?.text ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{4}$/);
    }).toPass();

    await page.keyboard.type(code);
    await expect(page.getByText('Tekstiviestitunnistautuminen on nyt käytössä')).toBeVisible();
    await expect(box).toBeHidden();

    // the server remembers: the front page no longer offers the box
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tekstiviestikirjautuminen' })).toHaveCount(0);
  });
});
