import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Lang } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { invoiceDetail } from '../../../test/invoice-fixtures';
import { SummaryPage } from './SummaryPage';

const ROUTE = 'payments.summary';
const PATHS: Record<Lang, string> = { en: 'invoices/summary', fi: 'laskut/yhteenveto', sv: 'fakturor/oversikt' };
// Intl writes no-break spaces in fi/sv sums; compare with plain ones
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderSummary(state: unknown, shell: FakeShell = createFakeShell()) {
  if (state !== undefined) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state) : null));
  renderWithShell(
    <Routes>
      <Route path={`/:lang/${PATHS[shell.lang]}/:id`} element={<SummaryPage />} />
    </Routes>,
    shell,
    `/${shell.lang}/${PATHS[shell.lang]}/1`,
  );
  return shell;
}

/** The label/value pairs of a description list, as text. */
function pairs(container: HTMLElement): Array<[string, string]> {
  return within(container)
    .getAllByRole('term')
    .map((term) => [plain(term.textContent), plain(term.nextElementSibling?.textContent)]);
}

describe('invoice summary page (spec part 2 §2.3 "Invoice summary page")', () => {
  test('asks the loader for the id of its path, with a spinner, and focuses the heading', () => {
    const shell = renderSummary(undefined);
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { id: '1' }, expect.any(AbortSignal));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice summary' })).toHaveFocus();
  });

  test('dates, buyer name and address, and the payment number', () => {
    renderSummary({ status: 'ok', invoice: invoiceDetail() });
    const details = screen.getByRole('region', { name: 'Invoice 1001' });
    expect(pairs(details)).toEqual([
      ['Status', 'Open'],
      ['Invoice date', '2 November 2026'],
      ['Payable online until', '6 November 2026'],
      ['Due date', '16 November 2026'],
      ['Customer', 'Mikko VirtanenMannerheimintie 1 A 200100 Helsinki'],
      ['Reference number', 'RF18 1001'],
    ]);
    expect(within(details).getByText('2 November 2026')).toHaveAttribute('datetime', '2026-11-02');
  });

  test('each row: description, date, count × unit price, VAT % and row total; then the invoice total', () => {
    renderSummary({ status: 'ok', invoice: invoiceDetail() });
    const rowsRegion = screen.getByRole('region', { name: 'Invoice rows' });
    const rows = within(within(rowsRegion).getByRole('list', { name: 'Invoice rows' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Lääkärin vastaanotto');
    expect(pairs(rows[0] as HTMLElement)).toEqual([
      ['Date', '2 November 2026'],
      ['Quantity × unit price', '1 × €45.00'],
      ['VAT', '0%'],
      ['Total', '€45.00'],
    ]);
    expect(pairs(rows[1] as HTMLElement)).toEqual([
      ['Date', '2 November 2026'],
      ['Quantity × unit price', '2 × €12.50'],
      ['VAT', '24%'],
      ['Total', '€25.00'],
    ]);
    expect(rowsRegion).toHaveTextContent('Invoice total €70.00');
  });

  test('payable online: the Pay button to the invoice’s payment page, described by its disclaimer', async () => {
    const shell = renderSummary({ status: 'ok', invoice: invoiceDetail() });
    const pay = screen.getByRole('link', { name: 'Pay invoice' });
    expect(pay).toHaveAttribute('href', '/en/pay/1001');
    expect(pay).toHaveAccessibleDescription(
      "You pay on the payment service provider's secure page. The invoice can be paid online until 6 November 2026; after that it is sent to you by post.",
    );
    await userEvent.click(pay);
    expect(shell.navigate).toHaveBeenCalledWith('/en/pay/1001');
  });

  test('payable online without an online deadline: the short disclaimer', () => {
    renderSummary({ status: 'ok', invoice: invoiceDetail({ payableOnlineUntil: null }) });
    expect(screen.getByRole('link', { name: 'Pay invoice' })).toHaveAccessibleDescription("You pay on the payment service provider's secure page.");
    expect(screen.queryByText('Payable online until')).not.toBeInTheDocument();
  });

  test('an overdue invoice is labelled Overdue, as in the list, not Paid nor merely Open (issue 28)', () => {
    renderSummary({ status: 'ok', invoice: invoiceDetail({ status: 'Open', invoiceStatus: 'overdue', canBePaidOnline: false }) });
    expect(pairs(screen.getByRole('region', { name: 'Invoice 1001' }))[0]).toEqual(['Status', 'Overdue']);
    expect(screen.queryByRole('link', { name: 'Pay invoice' })).not.toBeInTheDocument();
  });

  test('not payable online (a paid invoice): neither the Pay button nor its disclaimer, and the paid date', () => {
    renderSummary({ status: 'ok', invoice: invoiceDetail({ status: 'Paid', invoiceStatus: 'paid', paidDate: '2026-11-03', canBePaidOnline: false }) });
    expect(screen.queryByRole('link', { name: 'Pay invoice' })).not.toBeInTheDocument();
    expect(screen.queryByText(/secure page/)).not.toBeInTheDocument();
    expect(pairs(screen.getByRole('region', { name: 'Invoice 1001' }))[0]).toEqual(['Status', 'Paid on 3 November 2026']);
  });

  test('back goes to the invoices list', async () => {
    const shell = renderSummary({ status: 'ok', invoice: invoiceDetail() });
    const back = screen.getByRole('link', { name: /Back to invoices/ });
    expect(back).toHaveAttribute('href', '/en/invoices');
    await userEvent.click(back);
    expect(shell.navigate).toHaveBeenCalledWith('/en/invoices');
  });

  test('an invoice that is not the patient’s: invoice not found, with the way back', () => {
    renderSummary({ status: 'invoice-not-found' });
    expect(screen.getByRole('status')).toHaveTextContent('Invoice not found.');
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/en/invoices');
    expect(screen.queryByRole('link', { name: 'Pay invoice' })).not.toBeInTheDocument();
  });

  test('a failed load shows the error view; its retry loads again', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(pageState(ROUTE, { status: 'ok', invoice: invoiceDetail() }));
    renderSummary(undefined, shell);
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Invoice 1001' })).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
  });

  test.each<[Lang, string, string[]]>([
    [
      'fi',
      'Laskun yhteenveto',
      ['Laskun päiväys2.11.2026', 'Maksettavissa verkossa6.11.2026', 'Eräpäivä16.11.2026', 'Viitenumero', '2 × 12,50 €', 'ALV24 %', 'Laskun summa 70,00 €', 'Maksa lasku', 'Takaisin laskuihin'],
    ],
    [
      'sv',
      'Fakturasammandrag',
      ['Fakturadatum2.11.2026', 'Kan betalas online till och med6.11.2026', 'Förfallodag16.11.2026', 'Referensnummer', '2 × 12,50 €', 'Moms24 %', 'Fakturans belopp 70,00 €', 'Betala fakturan', 'Tillbaka till fakturorna'],
    ],
  ])('%s: texts, dates, sums and rates in the language’s format', (lang, title, texts) => {
    renderSummary({ status: 'ok', invoice: invoiceDetail() }, createFakeShell({ lang }));
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const content = plain(document.body.textContent);
    for (const text of texts) expect(content).toContain(text);
    expect(screen.getByRole('link', { name: texts[7] })).toHaveAttribute('href', lang === 'fi' ? '/fi/maksa/1001' : '/sv/betala/1001');
  });
});
