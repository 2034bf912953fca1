import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test as base } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * My information in the composed portal (spec part 2 §2.2, §4 "Contact information and my
 * information", §5, §8 Account), as Mikko (150385-9013) on the adult brand: he edits his contact
 * details in Finnish, and the page is axe-clean in fi, sv and en at 1280 and 360 px wide. The tests
 * share one sign-in (the identity broker allows 30 sign-ins per client in 10 minutes). Mikko's
 * seeded address is put back at the end, for the other specs that read it.
 */
const test = base.extend<object, { mikkoStorageState: string }>({
  mikkoStorageState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await page.goto('/fi/omat-tiedot');
      await signInFromLoginPage(page, personas.mikko.code);
      await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
      const file = path.join(workerInfo.project.outputDir, `account-my-information-mikko-${workerInfo.workerIndex}.json`);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
});

const SEEDED = { street: 'Mannerheimintie 12 B 7', postalCode: '00100', postOffice: 'Helsinki' };

const details = (page: Page) => page.getByRole('region', { name: 'Yhteystiedot' });

async function editAddress(page: Page, street: string, postOffice: string) {
  await page.getByRole('button', { name: 'Muokkaa yhteystietoja' }).click();
  await expect(page.getByRole('textbox', { name: 'Katuosoite' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Katuosoite' }).fill(street);
  await page.getByRole('textbox', { name: 'Postitoimipaikka' }).fill(postOffice);
  await page.getByRole('button', { name: 'Tallenna' }).click();
  await expect(page.getByText('Muutokset on tallennettu.')).toBeVisible();
}

test.describe('My information (Mikko, signed in once)', () => {
  test.use({ storageState: async ({ mikkoStorageState }, use) => use(mikkoStorageState) });

  test('Mikko edits his contact details in Finnish', async ({ page }) => {
    await page.goto('/fi/omat-tiedot');
    await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Perustiedot' })).toHaveAttribute('aria-selected', 'true');
    await expect(details(page)).toContainText('150385-****');
    await expect(details(page)).toContainText(SEEDED.street);

    // the §5 rules as he types: the field's message once left, 'Tarkista …' naming it, Save locked
    await page.getByRole('button', { name: 'Muokkaa yhteystietoja' }).click();
    const postalCode = page.getByRole('textbox', { name: 'Postinumero' });
    await postalCode.fill('123');
    await postalCode.blur();
    await expect(page.getByText('Postinumerossa on oltava 5 merkkiä, ja siinä voi olla vain numeroita.')).toBeVisible();
    await expect(page.getByText('Tarkista postinumero')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tallenna' })).toBeDisabled();
    // the phone number is normalised when left
    const phone = page.getByRole('textbox', { name: /^Puhelinnumero/ });
    await phone.fill('040 555 0101');
    await phone.blur();
    await expect(phone).toHaveValue('+358405550101');
    await expectNoAxeViolations(page, 'my information, editing with an error');
    // cancel restores the saved values
    await page.getByRole('button', { name: 'Peruuta' }).click();
    await expect(details(page)).toContainText(SEEDED.postalCode);
    await expect(page.getByRole('button', { name: 'Muokkaa yhteystietoja' })).toBeFocused();

    // saved: read-only again with the new values, trimmed, and still there after a reload
    await editAddress(page, '  Aleksanterinkatu 15  ', 'Espoo');
    await expect(details(page)).toContainText('Aleksanterinkatu 15');
    await expect(details(page)).toContainText('Espoo');
    await page.reload();
    await expect(details(page)).toContainText('Aleksanterinkatu 15');
    await expect(details(page)).toContainText('Espoo');

    // put the seeded address back
    await editAddress(page, SEEDED.street, SEEDED.postOffice);
    await expect(details(page)).toContainText(SEEDED.street);
  });

  const pages = [
    { lang: 'fi', path: '/fi/omat-tiedot', title: 'Omat tiedot', edit: 'Muokkaa yhteystietoja', consentTab: 'Luvat ja sopimukset' },
    { lang: 'sv', path: '/sv/mina-uppgifter', title: 'Mina uppgifter', edit: 'Redigera kontaktuppgifterna', consentTab: 'Tillstånd och avtal' },
    { lang: 'en', path: '/en/my-information', title: 'My information', edit: 'Edit contact details', consentTab: 'Permissions and agreements' },
  ] as const;
  for (const width of [1280, 360]) {
    for (const target of pages) {
      test(`is axe-clean in ${target.lang} at ${width} px: read-only, editing, and the consent tab`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(target.path);
        await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
        await expectNoAxeViolations(page, `${target.lang} ${width}px read-only`);
        await page.getByRole('button', { name: target.edit }).click();
        await expectNoAxeViolations(page, `${target.lang} ${width}px editing`);
        // nothing wider than the screen
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.getByRole('tab', { name: target.consentTab }).click();
        await expect(page.getByRole('tab', { name: target.consentTab })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('checkbox').first()).toBeVisible();
        await expectNoAxeViolations(page, `${target.lang} ${width}px consent tab`);
      });
    }
  }

  test('the data-processing page shows the consent form', async ({ page }) => {
    await page.goto('/fi/potilastietojen-kasittely');
    await expect(page.getByRole('heading', { level: 1, name: 'Potilastietojen käsittely' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Luvat' })).toBeVisible();
    await expectNoAxeViolations(page, 'data-processing');
  });
});
