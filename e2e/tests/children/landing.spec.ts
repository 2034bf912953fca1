import { expectNoAxeViolations } from '../axe';
import { expect, expectOneReactAndOneFederationRuntime, test } from '../fixtures';

/** The children's brand (BRAND=children, the 'children' project's server): landing and guardian sign-in. */
const leena = { code: '121264-9685' } as const;
const ella = { code: '070916A946D', name: 'Ella Nieminen' } as const;

test.describe("the children's brand landing (spec part 1 §2, §4, §8)", () => {
  test("a guardian chooses the child's matters, identifies with the child's code and acts for Ella", async ({ page }) => {
    await page.goto('/fi/asiointipolku');
    await expect(page.getByRole('heading', { level: 1, name: 'Valitse, kenen asioita hoidat' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Omat asiat/ })).toBeVisible();
    const child = page.getByRole('link', { name: /Lapsen asiat/ });
    await expect(child).toBeVisible();
    await expectNoAxeViolations(page, 'landing (fi)');

    await child.click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?.*acting=guardian/);
    await expect(page.getByText('Tunnistaudu huoltajana, niin voit hoitaa lapsesi asioita.')).toBeVisible();

    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nordea');
    await expect(page.getByRole('button', { name: /Leena Nieminen → Ella Nieminen/ })).toBeVisible();
    await expectNoAxeViolations(page, 'identity broker page (guardian mode)');
    await page.getByLabel('Henkilötunnus', { exact: true }).fill(leena.code);
    await page.getByLabel('Lapsen henkilötunnus', { exact: true }).fill(ella.code);
    await page.getByRole('button', { name: 'Jatka' }).click();

    await expect(page).toHaveURL(/\/fi$/);
    await expect(page.getByText(`Asioit henkilön ${ella.name} puolesta`)).toBeVisible();
    // a guardian's sign-in is reported as hpaLogin (spec part 1 §7)
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toContainEqual({ event: 'hpaLogin' });
    await expect(page.getByRole('heading', { level: 1, name: /Ella/ })).toBeVisible();
    await expectNoAxeViolations(page, 'front page acting for Ella (fi)');
    await expectOneReactAndOneFederationRuntime(page);
  });

  test('someone who is not the guardian is sent back to the landing with the error toast', async ({ page }) => {
    await page.goto('/fi/kirjaudu?nextPath=%2Ffi&acting=guardian');
    await page.getByRole('link', { name: 'OP', exact: true }).click();
    await page.getByLabel('Henkilötunnus', { exact: true }).fill('150385-9013');
    await page.getByLabel('Lapsen henkilötunnus', { exact: true }).fill(ella.code);
    await page.getByRole('button', { name: 'Jatka' }).click();

    await expect(page).toHaveURL(/\/fi\/asiointipolku\?error=disallowed$/);
    await expect(page.getByText('Et voi asioida tämän henkilön puolesta')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Valitse, kenen asioita hoidat' })).toBeVisible();
  });

  for (const [lang, url, heading] of [
    ['fi', /\/fi\/asiointipolku$/, 'Valitse, kenen asioita hoidat'],
    ['sv', /\/sv\/transaktionsbana$/, 'Välj vems ärenden du sköter'],
    ['en', /\/en\/transaction-path$/, 'Choose whose matters you are handling'],
  ] as const) {
    test(`a visitor who is not signed in opens /${lang} and meets the landing`, async ({ page }) => {
      await page.goto(`/${lang}`);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('the site address itself leads to the landing', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/fi\/asiointipolku$/);
  });

  test('?error=disallowed on the landing shows the error toast', async ({ page }) => {
    await page.goto('/fi/asiointipolku?error=disallowed');
    await expect(page.getByText('Et voi asioida tämän henkilön puolesta')).toBeVisible();
    await expect(page.getByText('Tarkista puolesta asioinnin oikeutesi Suomi.fi-valtuuksista.')).toBeVisible();
    await expectNoAxeViolations(page, 'landing with the disallowed toast');
  });
});
