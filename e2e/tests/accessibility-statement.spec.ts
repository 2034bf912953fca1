import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The accessibility statement (issue 33; Act 306/2019): opened from the footer, anonymous and signed
 * in, and its feedback form, whose confirmation takes the focus. The server's side (stored, listed
 * for staff, CSRF, limits) is server/test/accessibility-feedback.test.ts.
 */
test.describe('accessibility statement', () => {
  test('an anonymous visitor opens it from the footer and sends feedback (fi)', async ({ page }) => {
    await page.goto('/fi/eula');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Saavutettavuusseloste' }).click();
    await expect(page).toHaveURL(/\/fi\/saavutettavuusseloste$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Saavutettavuusseloste' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Valvontaviranomainen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'saavutettavuus@avi.fi' })).toHaveAttribute('href', 'mailto:saavutettavuus@avi.fi');
    await expectNoAxeViolations(page, 'accessibility statement (fi)');

    // an empty description is refused at its field, which takes the focus
    await page.getByRole('button', { name: 'Lähetä palaute' }).click();
    const description = page.getByRole('textbox', { name: 'Kuvaa ongelma' });
    await expect(description).toBeFocused();
    await expect(description).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: /^Sivu tai palvelu/ }).fill('Ajanvaraus');
    await description.fill('Kalenterin päiviä ei voi valita näppäimistöllä.');
    await page.getByRole('textbox', { name: /^Sähköpostiosoite/ }).fill('e2e-feedback@example.fi');
    await page.getByRole('button', { name: 'Lähetä palaute' }).click();
    await expect(page.getByRole('heading', { name: 'Kiitos palautteestasi' })).toBeFocused();
    await expectNoAxeViolations(page, 'feedback confirmation (fi)');
  });

  test('a signed-in patient reaches it from the footer and sends feedback (en)', async ({ page }) => {
    // the test broker's form follows the login page's language: sign in in Finnish, then read in English
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Mikko');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }).click();
    await expect(page).toHaveURL(/\/en\/accessibility-statement$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Describe the problem' }).fill('The focus is lost after closing the dialog.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your feedback' })).toBeFocused();
  });
});
