import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { signInFromLoginPage } from '../sign-in';

/**
 * The children's brand's chat page (spec part 2 §2.4, feature pikkutsatti; the 'children' project's
 * server): the chat has moved to the app, with the brand's store links, signed in and anonymous; and
 * help without the adult brand's general instructions. Axe-clean in fi, sv and en.
 */
const leena = { code: '121264-9685' } as const;

test.describe("children's chat and help on the children's brand (issue 12)", () => {
  test('anonymous: the chat has moved to the app, in fi, sv and en; help has no general instructions', async ({ page }) => {
    for (const [path, moved, store] of [
      ['/fi/kirjautumattomat-kayttajat/pikkutsatti', 'Pikkutsatti on siirtynyt sovellukseemme.', 'Lataa App Storesta'],
      ['/sv/anonyma-anvandare/pikkutsatti', 'Barnchatten Pikkutsatti har flyttat till vår app.', 'Ladda ner från App Store'],
      ['/en/anonymous-users/pikkutsatti', "The children's chat has moved to our app.", 'Download on the App Store'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(moved)).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: store })).toHaveAttribute('href', /^https:\/\//);
      await expectNoAxeViolations(page, `children's chat, anonymous (${path.slice(1, 3)})`);
    }

    await page.goto('/fi/ohjeita');
    await expect(page.getByRole('heading', { level: 1, name: 'Ohjeita' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Asiakaspalvelu' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Yleiset ohjeet potilaalle' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'help, children’s brand (fi)');
  });

  test('signed in: the same page with the store links', async ({ page }) => {
    await page.goto('/fi/pikkutsatti');
    await signInFromLoginPage(page, leena.code);
    await expect(page).toHaveURL(/\/fi\/pikkutsatti$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pikkutsatti' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Lataa Google Playsta' })).toHaveAttribute('href', /^https:\/\//);
    await expectNoAxeViolations(page, "children's chat, signed in (fi)");
  });
});
