import { expectNoAxeViolations } from './axe';
import { expect, expectOneReactAndOneFederationRuntime, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Prescriptions, their renewal and visits in the composed portal (spec part 1 §2 "Prescriptions
 * list", "Prescription renewal", "Visit", §4, §5, §9), in Finnish, as Mikko (150385-9013): three of
 * his prescriptions are renewable (Thyroxin, Burana, Ventoline), two are not (Amoxin, Panacod).
 */
test.describe('prescriptions, renewal and visits (issue "Records remote complete")', () => {
  test('Mikko renews two prescriptions and finds the Finnish renewal request among his conversations', async ({ page }) => {
    await page.goto('/fi/reseptit');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/reseptit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reseptit' })).toBeVisible();

    // a prescription that cannot be renewed says so in the spec's words and has no checkbox
    const amoxin = page.getByRole('listitem').filter({ hasText: 'Amoxin 750 mg' });
    await expect(amoxin).toContainText('Lääkettä ei voi uusia');
    await expect(amoxin.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Valitse kaikki uusittavissa olevat reseptit' })).toBeVisible();
    await expectNoAxeViolations(page, 'prescriptions');

    // choose two: the cart lists them and links to the renewal page with their ids
    await page.getByRole('checkbox', { name: 'Thyroxin 100 mikrog' }).check();
    await page.getByRole('checkbox', { name: 'Burana 400 mg' }).check();
    const cart = page.getByRole('region', { name: 'Uusittavat reseptit' });
    await expect(cart.getByRole('status')).toHaveText('2 reseptiä valittu');
    await expect(cart.getByRole('listitem')).toHaveText(['Thyroxin 100 mikrog', 'Burana 400 mg']);
    await expectNoAxeViolations(page, 'prescriptions with a filled cart');
    await cart.getByRole('link', { name: 'Uusi valitut reseptit' }).click();

    // the renewal form: send stays disabled until every field is answered
    await expect(page).toHaveURL(/\/fi\/reseptin-uusinta\/\d+,\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reseptin uusinta' })).toBeFocused();
    await expect(page.getByText('Uusintapyynnöt käsitellään 1–3 arkipäivän kuluessa. Saat vahvistuksen tekstiviestillä.')).toBeVisible();
    const send = page.getByRole('button', { name: 'Lähetä uusintapyyntö' });
    await expect(send).toBeDisabled();
    await expect(page.getByText('Täytä ensin kaikki lomakkeen kentät')).toBeVisible();
    await expectNoAxeViolations(page, 'prescription renewal');

    const general = page.getByRole('group', { name: 'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?' });
    await general.getByRole('radio', { name: 'Kyllä' }).check();
    // the additional question of a yes-type question appears on yes, and is required
    const changes = general.getByRole('textbox', { name: 'Kerro muutoksista' });
    await expect(changes).toBeVisible();
    await changes.fill('Aloitin verenpainelääkityksen.');
    const reasons: Array<[string, string]> = [
      ['Thyroxin 100 mikrog', 'Lääke loppuu kahden viikon kuluttua.'],
      ['Burana 400 mg', 'Selkäkipu jatkuu.'],
    ];
    for (const [name, reason] of reasons) {
      const medicine = page.getByRole('group', { name });
      await medicine.getByRole('textbox', { name: 'Miksi tarvitset uusinnan?' }).fill(reason);
      await medicine.getByRole('group', { name: 'Käytätkö lääkettä ohjeen mukaan?' }).getByRole('radio', { name: 'Kyllä' }).check();
      await medicine.getByRole('group', { name: 'Onko lääkkeestä ollut haittavaikutuksia?' }).getByRole('radio', { name: 'Ei' }).check();
    }
    await expect(page.getByText('Täytä ensin kaikki lomakkeen kentät')).toBeHidden();
    await expect(send).toBeEnabled();
    await expectNoAxeViolations(page, 'prescription renewal, filled');
    await send.click();

    // sent: the success box takes focus and links to the created conversation
    await expect(page.getByRole('heading', { level: 2, name: /Uusintapyyntö lähetetty/ })).toBeFocused();
    await expect(page.getByText('Käsittelemme pyyntösi 1–3 arkipäivän kuluessa ja lähetämme sinulle vahvistuksen tekstiviestillä.')).toBeVisible();
    await expectNoAxeViolations(page, 'prescription renewal sent');
    await page.getByRole('link', { name: 'Avaa keskustelu' }).click();

    // the conversation: the fixed Finnish title and the Finnish questions and answers
    await expect(page).toHaveURL(/\/fi\/viestit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reseptin uusintapyyntö' })).toBeVisible();
    await expect(page.getByText(/Lääke 1: Thyroxin 100 mikrog/)).toBeVisible();
    await expect(page.getByText(/Kerro muutoksista\s+Vastaus: Aloitin verenpainelääkityksen\./)).toBeVisible();
    await expect(page.getByText(/Lääke 2: Burana 400 mg\s+Miksi tarvitset uusinnan\?\s+Vastaus: Selkäkipu jatkuu\./)).toBeVisible();

    // and in the conversation list
    await page.goto('/fi/viestit');
    const conversations = page.getByRole('list', { name: 'Keskustelut' });
    await expect(conversations.getByRole('listitem').filter({ hasText: 'Reseptin uusintapyyntö' }).first()).toBeVisible();
    await expectOneReactAndOneFederationRuntime(page);
  });

  test("Mikko reads a visit's medical report from the visit list; Aino does not find it", async ({ page }) => {
    await page.goto('/fi/kaynnit');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Käynnit' })).toBeVisible();

    // the oldest general-practice visit: the blood pressure follow-up with two diagnoses
    await page.getByRole('link', { name: /Yleislääketiede/ }).last().click();
    await expect(page).toHaveURL(/\/fi\/kaynnit\/\d+$/);
    const visitPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Käyntikertomus' })).toBeFocused();
    const report = page.getByRole('article');
    await expect(report.getByRole('heading', { level: 2, name: 'Yleislääketiede' })).toBeVisible();
    await expect(report).toContainText('Anna Lahtinen');
    const patient = page.getByRole('region', { name: 'Potilas' });
    await expect(patient).toContainText('Mikko Virtanen');
    await expect(patient).toContainText('150385-9013');
    await expect(page.getByRole('region', { name: 'Diagnoosit' }).getByRole('listitem')).toHaveText([
      'I10 Essentiaalinen verenpainetauti',
      'E78.0 Puhdas hyperkolesterolemia',
    ]);
    // plain text whose line breaks stay
    const examination = page.getByText(/^RR 146\/90, pulssi 72\./);
    await expect(examination).toBeVisible();
    expect(await examination.evaluate((element) => (element as HTMLElement).innerText.split('\n').length)).toBe(3);
    await expect(page.getByRole('button', { name: 'Tulosta' })).toBeVisible();
    await expectNoAxeViolations(page, 'visit');

    // another patient: 'Visit was not found', nothing of Mikko's
    await page.context().clearCookies();
    await page.goto(visitPath);
    await signInFromLoginPage(page, personas.aino.code, 'OP');
    await expect(page).toHaveURL(new RegExp(`${visitPath}$`));
    await expect(page.getByText('Käyntiä ei löytynyt')).toBeVisible();
    await expect(page.getByText('150385-9013')).toHaveCount(0);
    await expectNoAxeViolations(page, 'visit not found');
  });
});
