import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Questionnaires (spec part 1 §2, §4), certificates and vaccinations (spec part 2 §2.2, §2.4) in the
 * composed portal. The seed gives Mikko an open wellbeing questionnaire (a FHIR R4 form with a group,
 * choices, an integer, a yes/no with a required follow-up and a date) and answered ones, and Aino
 * 27 vaccinations (two pages of 25).
 */
test.describe('records: questionnaires, certificates and vaccinations', () => {
  test('Mikko answers his open questionnaire, follow-up included, and then reads his answers', async ({ page }) => {
    await page.goto('/fi/kyselyt');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/kyselyt$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kyselyt' })).toBeVisible();
    const open = page.getByRole('region', { name: 'Avoimet tehtävät' });
    const answered = page.getByRole('region', { name: 'Omat vastaukset' });
    await expect(answered.getByRole('link', { name: 'Alkoholinkäyttö (AUDIT-C)' })).toBeVisible();
    await expectNoAxeViolations(page, 'questionnaires list');

    await open.getByRole('link', { name: 'Hyvinvointikysely' }).click();
    await expect(page).toHaveURL(/\/fi\/kyselyt\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hyvinvointikysely' })).toBeVisible();
    await expect(page.getByText('Tähdellä (*) merkityt kysymykset ovat pakollisia.')).toBeVisible();
    await expectNoAxeViolations(page, 'questionnaire form');

    await page.getByRole('textbox', { name: /Millainen mielialasi on ollut asteikolla 0–10/ }).fill('6');
    await page.getByRole('group', { name: /Kuinka usein seuraavat asiat/ }).getByRole('radiogroup', { name: /Vähäinen kiinnostus/ }).getByRole('radio', { name: 'Useana päivänä' }).check();
    await page.getByRole('radiogroup', { name: /Alakuloisuus/ }).getByRole('radio', { name: 'Ei lainkaan' }).check();

    // the follow-up appears only with a yes, and is then required
    const followUp = page.getByRole('textbox', { name: /Kerro lyhyesti, millaisia univaikeuksia/ });
    await expect(followUp).toHaveCount(0);
    await page.getByRole('radiogroup', { name: 'Onko sinulla ollut univaikeuksia?' }).getByRole('radio', { name: 'Kyllä' }).check();
    await expect(followUp).toBeVisible();
    await page.getByRole('button', { name: 'Lähetä vastaukset' }).click();
    await expect(page.getByRole('group', { name: 'Tarkista 1 vastaus' })).toBeVisible();
    await expect(followUp).toBeFocused();
    await expect(followUp).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'questionnaire form with an error');

    await followUp.fill('Heräilen aamuyöllä enkä saa enää unta.');
    await page.getByLabel(/Milloin olit viimeksi sairauslomalla/).fill('2026-02-16');
    await page.getByRole('button', { name: 'Lähetä vastaukset' }).click();

    // the form's own success message, then the answers read-only
    await expect(page.getByText('Kiitos vastauksistasi! Psykologi käy ne läpi ennen seuraavaa tapaamistanne.')).toBeVisible();
    const answers = page.getByRole('region', { name: 'Vastauksesi' });
    await expect(answers.getByText('Heräilen aamuyöllä enkä saa enää unta.')).toBeVisible();
    await expect(answers.getByText('Useana päivänä')).toBeVisible();
    await expect(answers.getByText('16.2.2026')).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lähetä vastaukset' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'answered questionnaire');

    // the answers stay: the page loaded again shows them read-only, and the list has moved it
    await page.reload();
    await expect(page.getByRole('region', { name: 'Vastauksesi' }).getByText('Heräilen aamuyöllä enkä saa enää unta.')).toBeVisible();
    await page.getByRole('link', { name: 'Takaisin kyselyihin' }).click();
    await expect(page.getByRole('region', { name: 'Avoimet tehtävät' }).getByText('Sinulla ei ole avoimia kyselyitä.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Omat vastaukset' }).getByRole('link', { name: 'Hyvinvointikysely' })).toHaveCount(2);
  });

  test("Mikko's certificates: sick-leave certificates from 2022 on", async ({ page }) => {
    await page.goto('/fi/todistukset');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Todistukset' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Todistukset' });
    await expect(list.getByRole('listitem').filter({ hasText: 'Lääkärintodistus A' }).first()).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'Hoitajan sairauslomatodistus' }).first()).toBeVisible();
    await expect(list.getByText('Sairausloma 1.1.2022–5.1.2022')).toBeVisible();
    await expect(list.getByText(/31\.12\.2021/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'certificates');
  });

  test("Aino's vaccinations: 25 per page, and how to book one", async ({ page }) => {
    await page.goto('/fi/rokotukset');
    await signInFromLoginPage(page, personas.aino.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Rokotukset' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Rokotukset' });
    await expect(list.getByRole('listitem')).toHaveCount(25);
    await expect(list.getByRole('listitem').first()).toContainText('Influvac Tetra');
    // the booking remote is deployed: a link to its vaccination search (without it, the phone)
    await expect(page.getByRole('link', { name: 'Varaa rokotusaika' })).toHaveAttribute('href', '/fi/ajanvaraus/rokotus');
    await expectNoAxeViolations(page, 'vaccinations');

    const pagination = page.getByRole('navigation', { name: 'Sivutus' });
    await pagination.getByRole('button', { name: 'Sivu 2' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').last()).toContainText('Boostrix (dTpa)');

    // small screens: no page numbers, 'Sivu 2/2' between the steps, no horizontal scroll
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(pagination.getByRole('button', { name: 'Sivu 1' })).toBeHidden();
    await expect(pagination.getByText('Sivu 2/2')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'vaccinations at 360 px');
  });
});
