import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Laboratory, imaging and referrals (issue "Records remote complete", spec part 1 §2, §3, §9) against
 * the seeded demo world: Mikko's newest laboratory date is pending and has a TSH result he has had
 * four times (server/src/demo/seed/personas.ts).
 */
test.describe('laboratory and imaging results, referrals', () => {
  test('Mikko opens a laboratory result from the list, expands a test, reads its reference range and history, and prints', async ({ page }) => {
    await page.goto('/fi/laboratorio');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/laboratorio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();

    // results by date, the newest pending; referrals with their validity; the nearest laboratory
    const results = page.getByRole('list', { name: 'Laboratoriotulokset' });
    const newest = results.getByRole('listitem').first();
    await expect(newest.getByText('Kesken').first()).toBeVisible();
    const referrals = page.getByRole('region', { name: 'Laboratoriolähetteet' });
    await expect(referrals.getByText('Päättyy 3 viikon kuluttua')).toBeVisible();
    await expect(referrals.getByText('Ei voimassa')).toBeVisible();
    await expect(referrals.getByRole('link', { name: 'Etsi lähin laboratorio' })).toHaveAttribute('href', /^https:\/\//);
    await expectNoAxeViolations(page, 'laboratory list');

    // the newest date's result page
    await newest.getByRole('link', { name: /^Tulokset \d{1,2}\.\d{1,2}\.\d{4}$/ }).click();
    await expect(page).toHaveURL(/\/fi\/laboratoriotulos\/\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Laboratoriotulokset \d{1,2}\.\d{1,2}\.\d{4}$/ })).toBeVisible();
    await expect(page.getByText('Potilas: Mikko Virtanen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tulosta' })).toBeVisible();

    // a row opens with its button: reference range, description and the history chart
    const tsh = page.getByRole('button', { name: 'P -TSH' });
    await expect(tsh).toHaveAttribute('aria-expanded', 'false');
    await tsh.click();
    await expect(tsh).toHaveAttribute('aria-expanded', 'true');
    const tshRow = page.getByRole('listitem').filter({ has: tsh });
    await expect(tshRow.getByText('Viitearvot')).toBeVisible();
    await expect(tshRow.getByText('0,5–3,6 mU/l')).toBeVisible();
    await expect(tshRow.getByText('Tyreotropiini')).toBeVisible();
    const chart = tshRow.getByRole('img', { name: /^P -TSH: 4 tulosta .*, viimeisin 2,1 mU\/l\. Viitealue 0,5–3,6 mU\/l: 1 tulos viitealueen ulkopuolella\.$/ });
    await expect(chart).toBeVisible();
    await tshRow.getByRole('button', { name: 'Tulokset taulukkona' }).click();
    const table = tshRow.getByRole('table', { name: 'P -TSH, tulosten kehitys' });
    await expect(table.getByRole('row')).toHaveCount(5);
    // the pending tests say so
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'P -T4-V' }) }).getByText('Kesken')).toBeVisible();
    await expectNoAxeViolations(page, 'laboratory result with an open row and its history table');

    // printing leaves out the portal's header, footer and the buttons, and prints closed rows open
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Tulosta' })).toBeHidden();
    await expect(page.getByText('Vapaa tyroksiini')).toBeVisible(); // P -T4-V's description, its row still closed
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByText('Vapaa tyroksiini')).toBeHidden();

    // a laboratory referral from the list
    await page.getByRole('link', { name: /Takaisin laboratoriotuloksiin/ }).click();
    await expect(page).toHaveURL(/\/fi\/laboratorio$/);
    await page.getByRole('region', { name: 'Laboratoriolähetteet' }).getByRole('link', { name: /^Laboratoriolähete/ }).first().click();
    await expect(page).toHaveURL(/\/fi\/laboratoriolahete\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriolähete' })).toBeVisible();
    await expect(page.getByText('Rasva-arvojen kontrolli: fP-Kol-LDL paastonäytteenä.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ohjeet potilaalle' })).toBeVisible();
    await expectNoAxeViolations(page, 'laboratory referral');
  });

  test('Mikko reads his imaging results and referrals', async ({ page }) => {
    await page.goto('/fi/kuvantaminen');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/kuvantaminen$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kuvantamistulokset' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Kuvantamistulokset' });
    await expect(results.getByRole('link', { name: /^Ei otsikkoa/ }).first()).toBeVisible();
    const referrals = page.getByRole('region', { name: 'Kuvantamislähetteet' });
    await expect(referrals.getByText('Päättyy viikon kuluttua')).toBeVisible();
    await expect(referrals.getByText('Ei voimassa')).toBeVisible();
    await expect(referrals.getByRole('link', { name: 'Etsi lähin kuvantamisyksikkö' })).toBeVisible();
    await expectNoAxeViolations(page, 'imaging list');

    // the date with two results, one of them without a statement
    await results.getByRole('link', { name: /^Keuhkojen röntgenkuvaus/ }).click();
    await expect(page).toHaveURL(/\/fi\/kuvantaminen\/\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Kuvantamistulokset \d{1,2}\.\d{1,2}\.\d{4}$/ })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('heading', { level: 2, name: 'Keuhkojen röntgenkuvaus' })).toBeVisible();
    await expect(page.getByText('Keuhkokentät puhtaat. Sydämen koko normaali.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sydämen ultraäänitutkimus' })).toBeVisible();
    await expect(page.getByText('Ei lääkärin lausuntoa')).toBeVisible();
    await expectNoAxeViolations(page, 'imaging result');

    // another patient's or an empty date is not found
    await page.goto('/fi/kuvantaminen/2000-01-01');
    await expect(page.getByText('Tuloksia ei löytynyt')).toBeVisible();
  });
});
