import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Issue 11 ("Also"): the demo data's fixed texts are shown in the page's language, not in Finnish on
 * the English page: a medical report's practitioner title, diagnoses and text headings, and a
 * conversation's professional titles, team name and questionnaire title. What a person wrote (the
 * report's texts, the messages, the thread's title) stays as written.
 */
test.describe('demo data in the page’s language (issue 11)', () => {
  test('the English visit page and conversation show English headings and titles', async ({ page }) => {
    await page.goto('/fi/kaynnit');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/kaynnit$/);

    // The medical report: Mikko's newest visit (general practice, a respiratory infection)
    await page.goto('/en/visits');
    await expect(page.getByRole('heading', { level: 1, name: 'Visits' })).toBeVisible();
    await page.getByRole('link', { name: /^General practice/ }).first().click();
    await expect(page).toHaveURL(/\/en\/visits\/\d+$/);
    const report = page.getByRole('article', { name: 'General practice' });
    await expect(report).toContainText('Anna Lahtinen, General practitioner');
    await expect(page.getByRole('region', { name: 'Diagnoses' }).getByRole('listitem')).toHaveText([
      'J06.9 Acute upper respiratory infection, unspecified',
    ]);
    const notes = page.getByRole('region', { name: 'Notes' });
    await expect(notes.getByRole('heading', { level: 3 })).toHaveText(['Reason for visit', 'Care instructions']);
    await expect(notes.getByText('Kurkkukipu ja yskä viikon ajan.')).toBeVisible();
    await expect(page.getByText(/Yleislääkäri|Tulosyy|Hoito-ohje|Ylähengitystieinfektio/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'English medical report');

    // The conversation with the psychologist, who sent the wellbeing questionnaire
    await page.goto('/en/conversations');
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: 'Hyvinvointikysely' });
    await expect(row).toContainText('Heikki Laaksonen, Psychologist');
    await row.getByRole('link', { name: /Hyvinvointikysely/ }).click();
    await expect(page).toHaveURL(/\/en\/conversations\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hyvinvointikysely' })).toBeVisible();
    const participants = page.getByRole('region', { name: 'Participants' });
    await expect(participants.getByRole('listitem')).toHaveText(['You', 'Healthcare team', 'Heikki Laaksonen, Psychologist']);
    await expect(page.getByText('Hei, täytäthän hyvinvointikyselyn ennen seuraavaa käyntiä.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wellbeing questionnaire' })).toBeVisible();
    await expect(page.getByText(/Psykologi|Terveystiimi/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'English conversation');
  });
});
