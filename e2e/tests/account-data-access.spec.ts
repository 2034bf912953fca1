import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe';
import { expect, expectOneReactAndOneFederationRuntime, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * "Use of my data" (issue 12, beyond the spec; the Client Data Act 703/2023) in the composed
 * portal, as Mikko (150385-9013), signed in once: the pages he opened are in his access log, newest
 * first, the front page's reads as one entry (issue 33), the log filtered by kind of data and
 * downloaded as CSV, the FHIR R4 export downloads as a file (and is logged too), and the page is
 * axe-clean in Finnish, Swedish and English.
 */
test.describe('use of my data (issue 12)', () => {
  test('Mikko sees the pages he opened in his access log, downloads his data, in fi, sv and en', async ({ page }) => {
    await page.goto('/fi/kaynnit');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page).toHaveURL(/\/fi\/kaynnit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Käynnit' })).toBeVisible();
    await page.goto('/fi/laboratorio');
    await expect(page.getByRole('heading', { level: 1, name: 'Laboratoriotulokset' })).toBeVisible();
    // the front page reads each summary: one view, one entry in the log (issue 33)
    await page.goto('/fi');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // from the side menu's account group
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Tietojeni käyttö' }).click();
    await expect(page).toHaveURL(/\/fi\/tietojeni-kaytto$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tietojeni käyttö' })).toBeFocused();
    const log = page.getByRole('table', { name: /^Katselukerrat 1–\d+, yhteensä \d+$/ });
    // what kind of data each row is about, newest first (the front page's summaries, read by its loader
    // around the sign-in, sit between the pages he opened)
    const kinds = async () => (await log.locator('tbody tr td:nth-child(3)').allTextContents()).map((text) => text.trim());
    const readers = async () => (await log.locator('tbody tr td:nth-child(2)').allTextContents()).map((text) => text.trim());
    await expect(log.locator('tbody tr').first()).toContainText('Tietojeni käyttö');
    const seen = await kinds();
    expect(seen[0]).toBe('Tietojeni käyttö');
    expect(seen.indexOf('Laboratoriotulokset')).toBeGreaterThan(0);
    expect(seen.indexOf('Käynnit ja hoitokertomukset')).toBeGreaterThan(seen.indexOf('Laboratoriotulokset'));
    expect(new Set(await readers())).toEqual(new Set(['Sinä']));
    // a front page view is one row: the page's name and the kinds of data it read, as a list (other
    // tests, in parallel, show Mikko's front page too: how many views is theirs to say; that one view
    // makes one row is server/test/account-data-access.test.ts's)
    const sinceLaboratory = seen.slice(0, seen.indexOf('Laboratoriotulokset'));
    expect(sinceLaboratory.some((kind) => kind.startsWith('Etusivu'))).toBe(true);
    const frontPage = log.locator('tbody tr td:nth-child(3)').filter({ hasText: /^Etusivu/ }).first();
    expect(await frontPage.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    // no identity code or raw action anywhere on the page
    await expect(page.locator('main')).not.toContainText(personas.mikko.code);
    await expect(page.locator('main')).not.toContainText('records.');
    await expectNoAxeViolations(page, 'use of my data (fi)');

    // filtered by kind of data: only laboratory results; then the whole log again
    const filter = page.getByRole('form', { name: 'Rajaa katselukertoja' });
    await filter.getByRole('combobox', { name: 'Tietojen laji' }).selectOption({ label: 'Laboratoriotulokset' });
    await filter.getByRole('button', { name: 'Näytä' }).click();
    await expect(page.getByRole('table', { name: /^Katselukerrat 1–\d+, yhteensä \d+$/ })).toBeFocused();
    await expect.poll(async () => new Set(await kinds())).toEqual(new Set(['Laboratoriotulokset']));
    // the log as a CSV file, as filtered
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Lataa käyttöloki (CSV)' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^tietojeni-kaytto-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Aika,Kuka,Tiedot');
    expect(lines.slice(1).every((line) => line.endsWith(',Sinä,Laboratoriotulokset'))).toBe(true);
    await filter.getByRole('button', { name: 'Poista rajaus' }).click();
    await expect(log.locator('tbody tr').first()).toContainText('Tietojeni käyttö');

    // Download my data: a FHIR R4 collection Bundle with his Patient
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Lataa tietoni' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^omat-terveystietoni-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const bundle = JSON.parse(await readFile(file, 'utf8')) as { resourceType: string; type: string; entry: { resource: { resourceType: string; name?: { family?: string }[] } }[] };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    const patient = bundle.entry.find((entry) => entry.resource.resourceType === 'Patient');
    expect(patient?.resource.name?.[0]?.family).toBe('Virtanen');
    expect(bundle.entry.some((entry) => entry.resource.resourceType === 'Observation')).toBe(true);

    // the download is in the log too
    await page.reload();
    await expect(log.locator('tbody tr').first()).toContainText('Tietojeni käyttö');
    const afterDownload = await kinds();
    expect(afterDownload.indexOf('Tietojen lataus')).toBeGreaterThan(0);
    expect(afterDownload.indexOf('Tietojen lataus')).toBeLessThan(afterDownload.indexOf('Laboratoriotulokset'));

    for (const [path, title, caption, download] of [
      ['/sv/anvandning-av-mina-uppgifter', 'Användning av mina uppgifter', /^Visningar 1–\d+ av \d+$/, 'Ladda ner mina uppgifter'],
      ['/en/use-of-my-data', 'Use of my data', /^Views 1–\d+ of \d+$/, 'Download my data'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('table', { name: caption })).toBeVisible();
      await expect(page.getByRole('link', { name: download })).toHaveAttribute('href', `/api/account/data-export?lang=${path.slice(1, 3)}`);
      await expectNoAxeViolations(page, `use of my data (${path.slice(1, 3)})`);
    }

    // at 360 px the page still fits: nothing wider than the screen but the table's own scroller
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('heading', { level: 1, name: 'Use of my data' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, 'use of my data at 360 px');
    await expectOneReactAndOneFederationRuntime(page);
  });
});
