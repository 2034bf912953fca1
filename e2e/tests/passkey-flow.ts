import type { CDPSession, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The passkey flow of issue 33, shared by the brands' specs (account-passkeys.spec.ts and
 * children/account-passkeys.spec.ts), in Chromium with a virtual authenticator (the DevTools
 * protocol's WebAuthn domain: a platform authenticator that keeps discoverable credentials and
 * verifies the user): the persona adds a passkey in My information, their session times out, they
 * continue with the passkey instead of bank identification or an SMS code, and remove it. The
 * refusals are the server's tests (server/test/passkeys.test.ts).
 */

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

async function fitsIn360(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

async function csrfTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const state = JSON.parse(document.getElementById('portal-initial-state')?.textContent ?? '{}') as { user?: { csrfToken?: string } };
    return state.user?.csrfToken ?? '';
  });
}

export interface PasskeyPersona {
  identityCode: string;
  /** what the session-timed-out page says: it names the SMS code only to someone with SMS login on */
  expiredText: string;
  /** the brand in axe's report names */
  brand: string;
}

/** The whole flow, signed in as `persona` on the project's server (the brand is the server's). */
export async function addUseAndRemoveAPasskey(page: Page, persona: PasskeyPersona): Promise<void> {
  const axe = (what: string) => expectNoAxeViolations(page, `${what} (${persona.brand})`);
  await page.clock.install();
  await page.setViewportSize({ width: 360, height: 800 });
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.goto('/fi/omat-tiedot');
  await signInFromLoginPage(page, persona.identityCode);
  await expect(page).toHaveURL(/\/fi\/omat-tiedot/);
  // the server's HTML first; its buttons work once the remote has mounted over it
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);

  // My information, pre-rendered from the page's state: no passkeys yet
  const section = page.getByRole('region', { name: 'Pääsyavaimet' });
  await expect(section.getByText('Sinulla ei ole vielä pääsyavaimia.')).toBeVisible();
  const add = section.getByRole('button', { name: 'Lisää pääsyavain tälle laitteelle' });
  const name = section.getByRole('textbox', { name: 'Uuden pääsyavaimen nimi' });

  // a name first: the field says so and takes the focus
  await add.click();
  await expect(section.getByText('Anna pääsyavaimelle nimi.')).toBeVisible();
  await expect(name).toBeFocused();
  await axe('My information, passkey without a name');

  // the browser's passkey dialog is answered by the virtual authenticator (user verified)
  await name.fill('Työpuhelin');
  await add.click();
  await expect(section.getByText('Pääsyavain ”Työpuhelin” lisättiin.')).toBeVisible();
  await expect(section.getByRole('heading', { level: 2, name: 'Pääsyavaimet' })).toBeFocused();
  const item = section.getByRole('listitem').filter({ hasText: 'Työpuhelin' });
  await expect(item).toContainText(/Lisätty \d{1,2}\.\d{1,2}\.\d{4} · ei vielä käytetty/);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await axe('My information with a passkey');
  await fitsIn360(page);

  // the session ends on the server (development's shortcut for 30 idle minutes) and the shell's timer fires
  expect((await page.request.post(`/api/dev/expire-session?csrfToken=${encodeURIComponent(await csrfTokenOf(page))}`)).status()).toBe(200);
  await page.clock.fastForward('31:00');
  await expect(page).toHaveURL(/\/fi\/katkennut-istunto\?next=%2Ffi%2Fomat-tiedot/);
  await expect(page.getByRole('heading', { level: 1, name: 'Istuntosi on päättynyt' })).toBeVisible();
  await expect(page.getByText(persona.expiredText, { exact: false })).toBeVisible();
  const usePasskey = page.getByRole('button', { name: 'Käytä pääsyavainta' });
  await expect(usePasskey).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kirjaudu pankkitunnuksilla' })).toHaveAttribute('href', '/fi/kirjaudu?nextPath=%2Ffi%2Fomat-tiedot');
  await axe('session timed out page with a passkey');
  await fitsIn360(page);

  // by keyboard: the passkey signs them in again, back where they were, with a new session
  await usePasskey.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fi\/omat-tiedot$/);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  const again = page.getByRole('region', { name: 'Pääsyavaimet' });
  const used = again.getByRole('listitem').filter({ hasText: 'Työpuhelin' });
  await expect(used).toContainText(/Lisätty \d{1,2}\.\d{1,2}\.\d{4} · viimeksi käytetty \d{1,2}\.\d{1,2}\.\d{4}/);
  const [credential] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(credential?.signCount).toBeGreaterThan(0);

  // removed after a confirmation; cancelling first keeps it
  await used.getByRole('button', { name: 'Poista Työpuhelin' }).click();
  const confirm = again.getByRole('button', { name: 'Poista pääsyavain' });
  await expect(confirm).toBeFocused();
  await axe('My information, removing a passkey');
  await again.getByRole('button', { name: 'Peruuta' }).click();
  await expect(used.getByRole('button', { name: 'Poista Työpuhelin' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(again.getByText('Pääsyavain ”Työpuhelin” poistettiin.')).toBeVisible();
  await expect(again.getByText('Sinulla ei ole vielä pääsyavaimia.')).toBeVisible();
  await expect(again.getByRole('heading', { level: 2, name: 'Pääsyavaimet' })).toBeFocused();
  await fitsIn360(page);
}
