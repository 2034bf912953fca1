import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, expectOneReactAndOneFederationRuntime, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The occupational health team, the sickness fund and help in the composed portal, adult brand (spec
 * part 2 §2.2, §2.4, §6; issue 12 "Aino sees her team with a substitute and the sickness fund"). Aino
 * (021178-912P) is an occupational customer and a sickness fund member; her seeded team has a nurse
 * away, with a substitute whose period includes today. Each person signs in once (the identity broker
 * allows 30 sign-ins per client per 10 minutes).
 */

const nurses = (page: Page, name: string) => page.getByRole('list', { name });

/** Nothing wider than the screen except what scrolls on its own (the tab list). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('occupational health team, sickness fund and help (issue 12)', () => {
  test('Aino sees her team with a substitute and the sickness fund, in fi, sv and en', async ({ page }) => {
    await page.goto('/fi/tyoterveystiimi');
    await signInFromLoginPage(page, personas.aino.code);
    await expect(page).toHaveURL(/\/fi\/tyoterveystiimi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Työterveystiimi' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Lentoyhtiö Esimerkki Oy')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Vastuulääkärit' }).getByRole('listitem')).toHaveText(['Anna Lahtinen', 'Olli Rantanen']);
    const salo = nurses(page, 'Vastuuhoitajat').getByRole('listitem').filter({ hasText: 'Kaisa Salo' });
    await expect(salo).toContainText(/Poissa \d{1,2}\.\d{1,2}\.\d{4}–\d{1,2}\.\d{1,2}\.\d{4}/);
    const substitute = salo.getByText('Sijainen: Pekka Ojala');
    await expect(substitute).toBeVisible();
    // greyed: the muted text colour, not the body text's
    const [substituteColour, nameColour] = await Promise.all([
      substitute.evaluate((element) => getComputedStyle(element).color),
      salo.getByText('Kaisa Salo').evaluate((element) => getComputedStyle(element).color),
    ]);
    expect(substituteColour).not.toBe(nameColour);
    await expectNoAxeViolations(page, 'team (fi)');

    for (const [path, title, nurseList, substituteText] of [
      ['/sv/foretagshalsovardsteamet', 'Företagshälsovårdsteamet', 'Ansvariga sjukskötare', 'Vikarie: Pekka Ojala'],
      ['/en/occupational-health-care-team', 'Occupational health care team', 'Responsible nurses', 'Substitute: Pekka Ojala'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(nurses(page, nurseList).getByText(substituteText)).toBeVisible();
      await expectNoAxeViolations(page, `team (${path.slice(1, 3)})`);
    }

    // the sickness fund from the side menu; its tabs work with the keyboard
    await page.goto('/fi/tyoterveystiimi');
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('list', { name: 'Sairauskassa' }).getByRole('link', { name: 'Sairauskassa' }).click();
    await expect(page).toHaveURL(/\/fi\/sairauskassa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sairauskassa' })).toBeFocused();
    const tabs = page.getByRole('tablist', { name: 'Sairauskassa' }).getByRole('tab');
    await expect(tabs).toHaveText(['Yleistä', 'Korvauskäytännöt', 'Ohjeet', 'Usein kysyttyä']);
    // spec part 2 §9: the sickness fund's rules and nurse service hours, effective 1.1.2024
    await expect(page.getByRole('tabpanel', { name: 'Yleistä' })).toContainText('voimassa 1.1.2024 alkaen');
    await expect(page.getByRole('tabpanel', { name: 'Yleistä' })).toContainText('arkisin 7–21, viikonloppuisin ja pyhäpäivinä 9–18');
    await expectNoAxeViolations(page, 'sickness fund (fi)');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Korvauskäytännöt' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Korvauskäytännöt' })).toHaveAttribute('aria-selected', 'true');
    const rules = page.getByRole('tabpanel', { name: 'Korvauskäytännöt' }).getByRole('table', { name: 'Sairauskassan korvaussäännöt 1.1.2024 alkaen' });
    await expect(rules.getByRole('row', { name: /Yleislääkäri/ })).toContainText(/15\s€, enintään 12 käyntiä vuodessa/);
    await expect(rules.getByRole('row', { name: /Erikoislääkäri/ })).toContainText(/korvaus 50\s%, enintään 200\s€ \/ käynti, kaksi käyntiä vuodessa/);
    await page.keyboard.press('End');
    await expect(page.getByRole('tabpanel', { name: 'Usein kysyttyä' })).toBeVisible();
    await expectNoAxeViolations(page, 'sickness fund, FAQ tab (fi)');

    for (const [lang, title, note, tab] of [
      ['sv', 'Sjukkassan', 'Sjukkassans information finns endast på finska.', 'Ersättningspraxis'],
      ['en', 'Sickness fund', "The sickness fund's information is in Finnish only.", 'Reimbursement practices'],
    ] as const) {
      await page.goto(`/${lang}/sairauskassa`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(note)).toBeVisible();
      await expect(page.getByRole('tabpanel').locator('[lang="fi"]')).toBeVisible();
      await page.getByRole('tab', { name: tab }).click();
      await expectNoAxeViolations(page, `sickness fund (${lang})`);
    }

    // 360 px: the page does not scroll sideways; the tab list scrolls within itself
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/fi/sairauskassa');
    await expect(page.getByRole('tablist')).toBeVisible();
    await expectNoPageOverflow(page);
    await page.goto('/fi/tyoterveystiimi');
    await expect(page.getByText('Sijainen: Pekka Ojala')).toBeVisible();
    await expectNoPageOverflow(page);
    await expectOneReactAndOneFederationRuntime(page);
  });

  test('Mikko, neither an occupational customer nor a fund member, gets clear messages; help is Finnish with the phone link', async ({ page }) => {
    await page.goto('/fi/tyoterveystiimi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/tyoterveystiimi$/);
    await expect(page.getByText('Emme löytäneet työterveyssopimustasi. Ota yhteyttä organisaatiosi HR-edustajaan.')).toBeVisible();
    await expectNoAxeViolations(page, 'team without an agreement (fi)');
    await page.goto('/en/sairauskassa');
    await expect(page.getByText('The sickness fund pages are only for members of the sickness fund.')).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expectNoAxeViolations(page, 'sickness fund, not a member (en)');

    for (const [lang, title, note] of [
      ['fi', 'Ohjeita', null],
      ['sv', 'Anvisningar', 'Anvisningarna finns endast på finska.'],
      ['en', 'Help', 'The instructions are in Finnish only.'],
    ] as const) {
      await page.goto(`/${lang}/ohjeita`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      if (note) await expect(page.getByText(note)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Yleiset ohjeet potilaalle' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Usein kysyttyä tekstiviestikirjautumisesta' })).toContainText('Koodi on voimassa 5 minuuttia');
      await expect(page.getByRole('region', { name: 'Asiakaspalvelu' }).getByRole('link', { name: /^010/ })).toHaveAttribute('href', /^tel:010\d+$/);
      await expectNoAxeViolations(page, `help (${lang})`);
    }
  });
});
