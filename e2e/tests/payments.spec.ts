import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectNoHorizontalOverflow, loginPath } from './booking-helpers';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * The payments remote end to end (issue 14; spec part 2 §2.3, §4, §7, §8 Payments): Mikko's invoices,
 * a summary and a PDF, paying and cancelling through the built-in test provider's bank page, the
 * e-mail gate with the contact details and back, and the anonymous pay-visit landing.
 *
 * Mikko's demo invoices (server/src/demo/seed/payments.ts) hold two payable online, the
 * newest two of the list. Paying is the only step that changes an invoice for good, so the payment
 * takes the last one the list offers to pay and the cancelled payment the first (a cancelled payment
 * leaves its invoice open): the tests pass in any order, and a retried payment takes the other.
 */

const leena = { code: '121264-9685' } as const;
const ella = { code: '070916A946D', name: 'Ella Nieminen', invoiceNumber: '24103325' } as const;

const invoiceList = (page: Page) => page.getByRole('list', { name: 'Laskut ja kuitit' });

/** The list item of one invoice, by the number in its heading. */
function invoiceItem(page: Page, invoiceNumber: string): Locator {
  return invoiceList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: `Lasku ${invoiceNumber}`, exact: true }) });
}

/**
 * A link's accessible name: its visible text and, hidden for the eye, the invoice it acts on
 * ("Maksa verkossa, Lasku 24103311"), so a list of links tells them apart.
 */
function ofInvoice(label: string, invoiceNumber: string): RegExp {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}, Lasku ${invoiceNumber}$`);
}

/** The invoice numbers of the list's page whose invoices are offered for payment online, in list order. */
async function payableInvoiceNumbers(page: Page): Promise<string[]> {
  await expect(invoiceList(page).getByRole('listitem').first()).toBeVisible();
  const items = invoiceList(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Maksa verkossa/ }) });
  const headings = await items.getByRole('heading', { level: 2 }).allTextContents();
  return headings.map((heading) => heading.replace(/^Lasku\s+/, '').trim());
}

async function signInToInvoices(page: Page): Promise<void> {
  await page.goto(loginPath('fi', '/fi/laskut'));
  await signInFromLoginPage(page, personas.mikko.code);
  await expect(page).toHaveURL(/\/fi\/laskut$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Laskut' })).toBeVisible();
}

test.describe('payments: Mikko (150385-9013)', () => {
  test('opens Laskut from the side menu, reads his invoices on two pages, opens a summary and downloads a receipt', async ({ page }) => {
    await page.goto(loginPath('fi', '/fi'));
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();

    // the side menu's invoices entry (issue 14 "The side menu's invoices entry")
    const menu = page.getByRole('navigation', { name: 'Päävalikko' });
    await menu.getByRole('link', { name: 'Laskut', exact: true }).click();
    await expect(page).toHaveURL(/\/fi\/laskut$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laskut' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Laskut', exact: true })).toHaveAttribute('aria-current', 'page');

    // §9: 10 to a page, newest first; §4: every status has its label, and the notices explain a missing pay link
    await expect(invoiceList(page).getByRole('listitem')).toHaveCount(10);
    await expect(invoiceItem(page, '24103296')).toContainText('Paperilasku');
    await expect(invoiceItem(page, '24103296')).toContainText('Lasku on lähetetty sinulle postitse. Maksa se paperilaskun tiedoilla.');
    await expect(invoiceItem(page, '24102877')).toContainText('Erääntynyt');
    await expect(invoiceItem(page, '24102877')).toContainText(/Laskun eräpäivä on mennyt, eikä sitä voi enää maksaa verkossa\. Ota yhteyttä laskutukseen: \+?[\d\s]+\./);
    await expect(invoiceItem(page, '24102455')).toContainText('Maksettu');
    await expect(invoiceItem(page, '24101902')).toContainText('Hyvitys käsittelyssä');
    await expect(invoiceItem(page, '24101377')).toContainText('Hyvitetty');
    await expect(invoiceItem(page, '24101377')).toContainText('Hyvityskuitti on lähetetty sinulle postitse.');
    await expect(invoiceItem(page, '24100964')).toContainText('Ei saatavilla');
    await expect(invoiceItem(page, '24100964')).toContainText(/Laskun tiedot eivät ole saatavilla palvelussa\. Ota yhteyttä laskutukseen: \S+@\S+\./);
    await expect(invoiceItem(page, '24100188')).toContainText('Hyvitetyt laskut: 23109950, 23109871');
    // the two newest are open and payable online until one of them is paid (then 'Maksettu')
    for (const number of ['24103318', '24103311']) await expect(invoiceItem(page, number)).toContainText(/Avoin|Maksettu/);
    // nothing overdue, mailed, refunded or unavailable offers to pay online
    for (const number of ['24103296', '24102877', '24102455', '24101902', '24101377', '24100964']) {
      await expect(invoiceItem(page, number).getByRole('link', { name: /^Maksa verkossa/ })).toHaveCount(0);
    }
    await expectNoAxeViolations(page, 'invoices, page 1 (fi)');

    // page 2: the three oldest; the focus moves to the new page's list
    const pagination = page.getByRole('navigation', { name: 'Sivutus' });
    await expect(pagination).toContainText('Sivu 1/2');
    await pagination.getByRole('button', { name: 'Seuraava sivu' }).click();
    await expect(pagination).toContainText('Sivu 2/2');
    await expect(pagination.getByRole('button', { name: 'Sivu 2' })).toHaveAttribute('aria-current', 'page');
    await expect(invoiceList(page)).toBeFocused();
    await expect(invoiceList(page).getByRole('listitem')).toHaveCount(3);
    await expect(invoiceItem(page, '23109950')).toContainText('Hyvitetty');
    await expect(invoiceItem(page, '23109871')).toContainText('Hyvitetty');
    // §9: the unpaid remote appointment of 16–30 Nov 2023 says why it cannot be paid online
    const blackout = invoiceItem(page, '23104426');
    await expect(blackout).toContainText('Erääntynyt');
    await expect(blackout).toContainText('Etävastaanottojen verkkomaksaminen ei ollut käytettävissä 16.11.2023–30.11.2023, joten tätä laskua ei voi maksaa verkossa.');
    await expect(blackout.getByRole('link', { name: /^Maksa verkossa/ })).toHaveCount(0);
    await expect(invoiceItem(page, '24103311')).toHaveCount(0);
    await expectNoAxeViolations(page, 'invoices, page 2 (fi)');
    // the page is in the address (issue 28): an invoice opened from page 2, then Back, is page 2 again
    await expect(page).toHaveURL(/\/fi\/laskut\?page=2$/);
    await page.goto('/fi/maksa/23104426');
    await expect(page.getByRole('heading', { level: 1, name: 'Maksa lasku' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/fi\/laskut\?page=2$/);
    await expect(pagination).toContainText('Sivu 2/2');
    await expect(invoiceItem(page, '23104426')).toBeVisible();
    await pagination.getByRole('button', { name: 'Sivu 1' }).click();
    await expect(pagination).toContainText('Sivu 1/2');
    await expect(page).toHaveURL(/\/fi\/laskut$/);
    // Back within the list returns to the page before
    await page.goBack();
    await expect(pagination).toContainText('Sivu 2/2');
    await pagination.getByRole('button', { name: 'Sivu 1' }).click();
    await expect(pagination).toContainText('Sivu 1/2');

    // the PDF: a paid GoodSign invoice is a receipt (§4), named by the document and the invoice number (§7)
    const receiptLink = invoiceItem(page, '24102455').getByRole('link', { name: ofInvoice('Lataa kuitti (PDF)', '24102455') });
    const [download] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
    expect(download.suggestedFilename()).toBe('kuitti-24102455.pdf');
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);

    // without a PDF the summary replaces the download (§4)
    await invoiceItem(page, '24100512').getByRole('link', { name: ofInvoice('Näytä yhteenveto', '24100512') }).click();
    await expect(page).toHaveURL(/\/fi\/laskut\/yhteenveto\/\w+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laskun yhteenveto' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Lasku 24100512' });
    await expect(details).toContainText('Maksettu');
    await expect(details).toContainText('Mikko Virtanen');
    await expect(details).toContainText('Mannerheimintie 12 A 5');
    const rows = page.getByRole('region', { name: 'Laskurivit' });
    await expect(rows.getByRole('listitem')).toHaveCount(2);
    await expect(rows.getByRole('listitem').nth(0)).toContainText('Sairaanhoitajan vastaanotto');
    await expect(rows.getByRole('listitem').nth(0)).toContainText(/1 × 42,00\s€/);
    await expect(rows).toContainText(/Laskun summa\s*81,00\s€/);
    // a paid invoice is not offered for payment
    await expect(page.getByRole('link', { name: 'Maksa lasku' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'invoice summary (fi)');

    // a phone's width: the summary and the list fit at 360 px
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'invoice summary at 360 px (fi)');
    await page.getByRole('link', { name: 'Takaisin laskuihin' }).click();
    await expect(page).toHaveURL(/\/fi\/laskut$/);
    await expect(invoiceList(page).getByRole('listitem')).toHaveCount(10);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'invoices at 360 px (fi)');
  });

  test('pays an open invoice through the test provider, sees "Maksu suoritettu", and the invoice is paid in the list', async ({ page }) => {
    await signInToInvoices(page);
    const payable = await payableInvoiceNumbers(page);
    expect(payable.length, 'invoices the list offers to pay online').toBeGreaterThan(0);
    const invoiceNumber = payable.at(-1)!;
    const item = invoiceItem(page, invoiceNumber);
    await expect(item).toContainText('Avoin');
    const sum = (await item.locator('dd').filter({ hasText: '€' }).first().textContent())!.trim();

    // the pay page: the number and sum, the test provider's banks (each a logo named by its alt text)
    await item.getByRole('link', { name: ofInvoice('Maksa verkossa', invoiceNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/fi/maksa/${invoiceNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Maksa lasku' })).toBeVisible();
    const invoiceDetails = page.getByRole('definition');
    await expect(invoiceDetails.filter({ hasText: invoiceNumber })).toHaveCount(1);
    await expect(invoiceDetails.filter({ hasText: sum })).toHaveCount(1);
    const providers = page.getByRole('list', { name: 'Valitse maksutapa' });
    await expect(providers.getByRole('button')).toHaveCount(3);
    await expect(page.getByText('Sähköpostiosoite tarvitaan')).toHaveCount(0);
    await expectNoAxeViolations(page, 'pay page (fi)');

    // the bank's page: the amount and the invoice; the tester pays
    await providers.getByRole('button', { name: 'Aurora Pankki' }).click();
    await expect(page).toHaveURL(/\/test-payment-provider\/pay$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Pankki' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: invoiceNumber })).toHaveCount(1);
    await expect(page.getByRole('definition').filter({ hasText: sum })).toHaveCount(1);
    await expectNoAxeViolations(page, 'test provider bank page (fi)');
    await page.getByRole('button', { name: `Maksa ${sum}` }).click();

    // back through the signed redirect to the result page (the result is the server's record)
    await expect(page).toHaveURL(new RegExp(`/fi/maksu/${invoiceNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Laskun maksu' })).toBeVisible();
    await expect(page.getByText('Maksu suoritettu')).toBeVisible();
    await expect(page.getByText('Kiitos! Lasku on maksettu.')).toBeVisible();
    await expectNoAxeViolations(page, 'payment completed (fi)');

    // the invoice is paid in the list, and no longer offered for payment
    await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Laskut', exact: true }).click();
    await expect(page).toHaveURL(/\/fi\/laskut$/);
    await expect(invoiceItem(page, invoiceNumber)).toContainText('Maksettu');
    await expect(invoiceItem(page, invoiceNumber).getByRole('link', { name: /^Maksa verkossa/ })).toHaveCount(0);
    // an old pay link says it is paid instead of offering the banks
    await page.goto(`/fi/maksa/${invoiceNumber}`);
    await expect(page.getByText(/^Lasku on maksettu/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Valitse maksutapa' })).toHaveCount(0);
  });

  test('at 360 px a cancelled payment shows "Maksu keskeytyi", and "Yritä uudelleen" leads back to the pay page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInToInvoices(page);
    const payable = await payableInvoiceNumbers(page);
    expect(payable.length, 'invoices the list offers to pay online').toBeGreaterThan(0);
    const invoiceNumber = payable[0]!;

    await invoiceItem(page, invoiceNumber).getByRole('link', { name: ofInvoice('Maksa verkossa', invoiceNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/fi/maksa/${invoiceNumber}$`));
    const providers = page.getByRole('list', { name: 'Valitse maksutapa' });
    await expect(providers.getByRole('button')).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'pay page at 360 px (fi)');

    await providers.getByRole('button', { name: 'Kaleva Osuuspankki' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kaleva Osuuspankki' })).toBeVisible();
    await page.getByRole('button', { name: 'Peruuta maksu ja palaa' }).click();

    await expect(page).toHaveURL(new RegExp(`/fi/maksu/${invoiceNumber}$`));
    await expect(page.getByText('Maksu keskeytyi')).toBeVisible();
    await expect(page.getByText('Maksu peruutettiin.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: invoiceNumber })).toHaveCount(1);
    // still open: the failure is highlighted
    await expect(page.getByRole('definition').getByText('Maksamatta', { exact: true })).toBeVisible();
    await expect(page.getByText('Maksu suoritettu')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, 'payment interrupted at 360 px (fi)');

    await page.getByRole('link', { name: 'Yritä uudelleen' }).click();
    await expect(page).toHaveURL(new RegExp(`/fi/maksa/${invoiceNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Maksa lasku' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Valitse maksutapa' }).getByRole('button')).toHaveCount(3);
  });
});

test.describe('payments: the e-mail gate (spec part 2 §2.3, §8 "e-mail required before paying online")', () => {
  /**
   * Mikko cannot be without a valid e-mail: My information and PUT/POST /api/user refuse an empty or
   * invalid address (shared-api account/contact.ts), and the pay page's rule is the same. The demo's
   * honest way to the gate is Ella, Leena's ward, who has no e-mail and an open invoice: Leena pays it
   * as her guardian, from the notification landing's child link. Saving Ella's contact details cannot
   * be undone (no address can be cleared), so this runs once per fresh server (every e2e run).
   */
  test('a guardian paying her child’s invoice is sent to the child’s contact details and comes back to pay', async ({ page }) => {
    await page.goto('/fi/maksa-kaynti');
    await page.getByRole('link', { name: 'Tunnistaudu ja maksa' }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?.*acting=guardian/);
    await page.getByRole('link', { name: 'Nordea', exact: true }).click();
    await page.getByLabel('Henkilötunnus', { exact: true }).fill(leena.code);
    await page.getByLabel('Lapsen henkilötunnus', { exact: true }).fill(ella.code);
    await page.getByRole('button', { name: 'Jatka' }).click();

    // the landing's nextPath: the ward's invoices
    await expect(page).toHaveURL(/\/fi\/laskut$/);
    await expect(page.getByText(`Asioit henkilön ${ella.name} puolesta`)).toBeVisible();
    await invoiceItem(page, ella.invoiceNumber).getByRole('link', { name: ofInvoice('Maksa verkossa', ella.invoiceNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`/fi/maksa/${ella.invoiceNumber}$`));

    // no valid e-mail: the notice instead of the banks
    await expect(page.getByText('Sähköpostiosoite tarvitaan')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Valitse maksutapa' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'pay page, e-mail required (fi)');
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 720 });

    // to the contact details, with a saveAction that comes back here
    await page.getByRole('link', { name: 'Päivitä yhteystiedot' }).click();
    await expect(page).toHaveURL(/\/fi\/omat-tiedot\?saveAction=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Omat tiedot' })).toBeVisible();
    // Ella's saved address is kept; she has no phone number or e-mail yet
    await page.getByRole('button', { name: 'Muokkaa yhteystietoja' }).click();
    await expect(page.getByRole('textbox', { name: 'Katuosoite' })).toHaveValue('Kauppakatu 3');
    const email = page.getByRole('textbox', { name: 'Sähköposti' });
    await expect(email).toHaveValue('');
    await page.getByRole('textbox', { name: /^Puhelinnumero/ }).fill('044 555 0303');
    await email.fill('leena.nieminen@example.fi');
    await expectNoAxeViolations(page, 'contact details for the payment (fi)');
    await page.getByRole('button', { name: 'Tallenna' }).click();

    // back on the pay page: now the banks
    await expect(page).toHaveURL(new RegExp(`/fi/maksa/${ella.invoiceNumber}$`));
    await expect(page.getByRole('list', { name: 'Valitse maksutapa' }).getByRole('button')).toHaveCount(3);
    await expect(page.getByText('Sähköpostiosoite tarvitaan')).toHaveCount(0);
  });
});

test.describe('payments: the pay-visit landing (spec part 2 §2.3 "Invoice notification landing")', () => {
  test('anonymous: own-visit links at either brand, the child link, the language links and the merger notice', async ({ page }) => {
    await page.goto('/fi/maksa-kaynti');
    await expect(page).toHaveURL(/\/fi\/maksa-kaynti$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Maksa käynti' })).toBeVisible();
    // signed out, without the menu
    await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toHaveCount(0);
    await expect(page.getByText('Klinikkamme ovat yhdistyneet')).toBeVisible();
    await expect(page.getByText(/Aikuisten klinikka ja lastenklinikka yhdistyivät 1\.6\.2025\./)).toBeVisible();

    const own = page.getByRole('region', { name: 'Oma käyntini' });
    await expect(own.getByRole('link', { name: 'Käynti aikuisten klinikalla' })).toHaveAttribute('href', '/fi/kirjaudu?nextPath=%2Ffi%2Flaskut');
    // the other brand's address (the demo's one server stands for both here)
    await expect(own.getByRole('link', { name: 'Käynti lastenklinikalla' })).toHaveAttribute('href', /^https?:\/\/[^/]+\/fi\/kirjaudu\?nextPath=%2Ffi%2Flaskut$/);
    const child = page.getByRole('region', { name: 'Alle 18-vuotiaan lapseni käynti' });
    await expect(child.getByRole('link', { name: 'Tunnistaudu ja maksa' })).toHaveAttribute('href', /\/fi\/kirjaudu\?nextPath=%2Ffi%2Flaskut&acting=guardian$/);
    await expectNoAxeViolations(page, 'pay visit (fi)');

    // the other two languages, each named in its own
    const languages = page.getByRole('main').getByRole('navigation', { name: 'Kieli' });
    await expect(languages.getByRole('link')).toHaveCount(2);
    await expect(languages.getByRole('link', { name: 'In English' })).toHaveAttribute('lang', 'en');
    await languages.getByRole('link', { name: 'På svenska' }).click();
    await expect(page).toHaveURL(/\/sv\/betala-besok$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Betala för ett besök' })).toBeVisible();
    await expect(page.getByText('Våra kliniker har gått samman')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Besök på vuxenkliniken' })).toHaveAttribute('href', '/sv/logga-in?nextPath=%2Fsv%2Ffakturor');
    await expectNoAxeViolations(page, 'pay visit (sv)');
    await page.getByRole('main').getByRole('navigation', { name: 'Språk' }).getByRole('link', { name: 'In English' }).click();
    await expect(page).toHaveURL(/\/en\/pay-visit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay for a visit' })).toBeVisible();
    await expect(page.getByText('Our clinics have merged')).toBeVisible();
    await expectNoAxeViolations(page, 'pay visit (en)');

    // at a phone's width, and the own-visit link leads to the login that returns to the invoices
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalOverflow(page);
    await page.getByRole('link', { name: 'Visit to the adult clinic' }).click();
    await expect(page).toHaveURL(/\/en\/login\?nextPath=%2Fen%2Finvoices$/);
  });
});
