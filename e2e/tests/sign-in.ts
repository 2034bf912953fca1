import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The built-in identity broker allows 30 identifications per client in 10 minutes, as a real broker
 * limits too, and the suite signs the same personas in dozens of times. So a persona's session is
 * kept (its cookies, per server port, identity code and bank) and reused while the server still
 * knows it; a test that logs out or lets the session expire only makes the next one sign in again.
 */
const sessionsDir = path.join(os.tmpdir(), 'portal-e2e-sessions');
const LOGIN_PATH = /^\/(fi\/kirjaudu|sv\/logga-in|en\/login)$/;

function sessionFile(page: Page, identityCode: string, method: string): string {
  const port = new URL(page.url()).port;
  return path.join(sessionsDir, `${port}-${identityCode}-${method}.json`.replace(/[^\w.-]/g, '_'));
}

/** Where the login page sends a signed-in user: its nextPath, else the language's front page. */
function nextPathOf(page: Page): string {
  const url = new URL(page.url());
  return url.searchParams.get('nextPath') ?? `/${url.pathname.split('/')[1] || 'fi'}`;
}

async function reuseSession(page: Page, file: string): Promise<boolean> {
  if (!fs.existsSync(file)) return false;
  await page.context().addCookies(JSON.parse(fs.readFileSync(file, 'utf8')));
  await page.goto(nextPathOf(page));
  if (!LOGIN_PATH.test(new URL(page.url()).pathname)) return true;
  fs.rmSync(file, { force: true }); // the server no longer knows it (logged out, expired)
  return false;
}

/**
 * Signs in from the login page (spec part 1 §2 Login): through the built-in identity broker, or
 * with the persona's kept session when the server still knows it. Either way the page ends where
 * the login page's nextPath leads. `fresh` always goes through the broker.
 */
export async function signInFromLoginPage(page: Page, identityCode: string, method = 'Nordea', { fresh = false } = {}): Promise<void> {
  const file = sessionFile(page, identityCode, method);
  if (!fresh && (await reuseSession(page, file))) return;
  await page.getByRole('link', { name: method, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(method);
  await page.getByLabel('Henkilötunnus').fill(identityCode);
  await page.getByRole('button', { name: 'Jatka' }).click();
  await page.waitForURL((url) => !/^\/(broker|oauth)\//.test(url.pathname));
  fs.mkdirSync(sessionsDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(await page.context().cookies()));
}
