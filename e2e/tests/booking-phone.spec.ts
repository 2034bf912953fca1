import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { expectNoHorizontalOverflow, loginPath } from './booking-helpers';
import { signInFromLoginPage } from './sign-in';

/**
 * The appointment search on a phone (issue 13; spec part 2 §2.1 list page, §5 filter behaviour, §9
 * the 800 px breakpoint): at 360×740 the filters and the calendar fold behind one button, so the
 * first free appointments show in the first screen without scrolling, and nothing sticks out sideways.
 */
const PHONE = { width: 360, height: 740 };

/** The element lies wholly inside the first screen, and the page has not been scrolled to it. */
async function expectInFirstScreen(page: Page, element: Locator, what: string) {
  expect(await page.evaluate(() => window.scrollY), 'the page is not scrolled').toBe(0);
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom (px) within the ${PHONE.height} px screen`).toBeLessThanOrEqual(PHONE.height);
}

test.describe('booking on a phone (360 × 740)', () => {
  test('an anonymous visitor sees the first free appointments at once, and the folded filters keep their rules (fi)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/fi/ajanvaraus/yksityisasiakas');
    await expect(page.getByRole('heading', { level: 1, name: 'Varaa aika' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Vapaat ajat' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expectInFirstScreen(page, results.getByRole('listitem').first(), 'the first free appointment');

    // the filters and the calendar are behind the button; the time-of-day tabs stay in sight
    // the button's name carries the count of chosen filters: none yet
    const toggle = page.getByRole('button', { name: /^Hakuehdot/ });
    await expect(toggle).toHaveAccessibleName('Hakuehdot');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Hakuehdot' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Vapaat päivät' })).toBeHidden();
    await expectInFirstScreen(page, page.getByRole('tab', { name: 'Aamupäivä' }), 'the time-of-day tabs');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'private list at 360 px, filters folded (fi)');

    // opened from the keyboard: the filters and the compact calendar follow the button
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const filters = panel.getByRole('region', { name: 'Hakuehdot' });
    await expect(filters).toBeVisible();
    await expect(panel.getByRole('region', { name: 'Vapaat päivät' }).getByRole('grid')).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'private list at 360 px, filters open (fi)');

    // §5: a whole municipality selects its clinics; the address and the button's count follow
    await filters.locator('summary', { hasText: 'Toimipisteet' }).click();
    await filters.getByRole('checkbox', { name: 'Koko Helsinki' }).click();
    await expect(filters.getByRole('checkbox', { name: 'Koko Helsinki' })).toBeChecked();
    await expect(page).toHaveURL(/clinicIds=KA/);
    await expect(page).toHaveURL(/clinicIds=ITK/);
    const clinicCount = await filters.getByRole('checkbox', { checked: true }).count();
    // the municipality's own box and each of its clinics
    expect(clinicCount).toBeGreaterThan(2);
    await expect(toggle).toHaveAccessibleName(`Hakuehdot (${clinicCount - 1} valittu)`);
    // §5: psychology turns on remote appointments, one more chosen filter
    await filters.locator('summary', { hasText: 'Erikoisalat' }).click();
    await filters.getByRole('checkbox', { name: 'Psykologi' }).click();
    await expect(page).toHaveURL(/specialtyIds=PSY/);
    await expect(page).toHaveURL(/includeRemote=true/);
    await expect(filters.getByRole('checkbox', { name: 'Näytä myös etävastaanotot' })).toBeChecked();
    await expect(toggle).toHaveAccessibleName(`Hakuehdot (${clinicCount + 1} valittu)`);
    await expectNoHorizontalOverflow(page);

    // one specialty brings its info text above the results; unchosen, remote appointments stay on
    await filters.getByRole('checkbox', { name: 'Psykologi' }).click();
    await expect(page).not.toHaveURL(/specialtyIds=/);
    await expect(toggle).toHaveAccessibleName(`Hakuehdot (${clinicCount} valittu)`);

    // "show free appointments" folds the filters and hands the focus to the results
    await panel.getByRole('button', { name: 'Näytä vapaat ajat' }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 2, name: 'Vapaat ajat' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Vapaat ajat' })).toBeInViewport();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(results.getByRole('listitem').first()).toBeInViewport();

    // the address keeps the filter: a reload shows it folded, counted, with the results in sight.
    // The server renders the page whole, so the browser puts the visitor back where they were
    // (scrolled to the results, as the focus left it), as on any page it restores.
    await page.reload();
    await expect(toggle).toHaveAccessibleName(`Hakuehdot (${clinicCount} valittu)`);
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(results.getByRole('listitem').first()).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Escape inside the open panel folds it back to the button
    await toggle.click();
    await panel.getByRole('checkbox', { name: 'Näytä myös etävastaanotot' }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('signed in, Mikko sees the first insurance appointments at once in English; the reservation page fits too', async ({ page }) => {
    // the Finnish login page: the sign-in helper speaks the test broker's Finnish
    await page.goto(loginPath('fi', '/en/booking/insurance'));
    await signInFromLoginPage(page, personas.mikko.code);
    await page.setViewportSize(PHONE);
    await page.goto('/en/booking/insurance');
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment with insurance' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Free appointments' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectInFirstScreen(page, results.getByRole('listitem').first(), 'the first free appointment');
    await expect(page.getByRole('button', { name: /^Search filters/ })).toHaveAttribute('aria-expanded', 'false');
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'insurance list at 360 px (en)');

    await results.getByRole('listitem').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reserve an appointment' })).toBeVisible();
    await page.getByRole('radio', { name: 'LähiTapiola' }).check();
    await page.getByRole('button', { name: 'Check direct compensation' }).click();
    await expect(page.getByRole('dialog', { name: 'LähiTapiola direct compensation' })).toBeFocused();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'LähiTapiola dialog at 360 px (en)');
  });
});
