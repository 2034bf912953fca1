import { expect, type Page } from '@playwright/test';

/** Signs in from the login page through the built-in identity broker (spec part 1 §2 Login). */
export async function signInFromLoginPage(page: Page, identityCode: string, method = 'Nordea'): Promise<void> {
  await page.getByRole('link', { name: method, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(method);
  await page.getByLabel('Henkilötunnus').fill(identityCode);
  await page.getByRole('button', { name: 'Jatka' }).click();
}
