import { expect, test } from '../fixtures';

// Issue 15: the children's landing (BRAND=children) is usable before any JavaScript runs: the
// server's HTML has its heading, both choices as links to the login page and the `?error=` notice.
const pages = [
  {
    lang: 'fi', path: '/fi/asiointipolku', heading: 'Valitse, kenen asioita hoidat', own: 'Omat asiat', child: 'Lapsen asiat', login: '/fi/kirjaudu',
    guardianIntro: 'Tunnistaudu huoltajana, niin voit hoitaa lapsesi asioita.',
    disallowed: 'Et voi asioida tämän henkilön puolesta', unknown: 'Tapahtui tuntematon virhe',
  },
  {
    lang: 'sv', path: '/sv/transaktionsbana', heading: 'Välj vems ärenden du sköter', own: 'Egna ärenden', child: 'Barnets ärenden', login: '/sv/logga-in',
    guardianIntro: 'Identifiera dig som vårdnadshavare för att sköta ditt barns ärenden.',
    disallowed: 'Du kan inte sköta ärenden för den här personen', unknown: 'Ett okänt fel har inträffat',
  },
  {
    lang: 'en', path: '/en/transaction-path', heading: 'Choose whose matters you are handling', own: 'My own matters', child: "My child's matters", login: '/en/login',
    guardianIntro: "Identify yourself as the guardian to handle your child's matters.",
    disallowed: 'You cannot act on behalf of this person', unknown: 'An unknown error has occurred',
  },
] as const;

test.describe("the children's landing without JavaScript (issue 15)", () => {
  test.use({ javaScriptEnabled: false });

  for (const p of pages) {
    test(`${p.lang}: the heading and both choices; the child's matters leads to the guardian's login`, async ({ page }) => {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(p.own) })).toHaveAttribute('href', `${p.login}?nextPath=%2F${p.lang}`);
      const child = page.getByRole('link', { name: new RegExp(p.child) });
      await expect(child).toHaveAttribute('href', `${p.login}?nextPath=%2F${p.lang}&acting=guardian`);
      await child.click();
      await expect(page.getByText(p.guardianIntro)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Nordea', exact: true })).toHaveAttribute('href', /acting=guardian/);
    });

    test(`${p.lang}: ?error=disallowed and ?error=unknown show their notice in the page, and no notice without one`, async ({ page }) => {
      await page.goto(`${p.path}?error=disallowed`);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      const notice = page.getByRole('main').getByRole('alert');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(p.disallowed);
      await expect(notice).toContainText('Suomi.fi');

      await page.goto(`${p.path}?error=unknown`);
      await expect(notice).toHaveText(p.unknown);

      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  }
});
