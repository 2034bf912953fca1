import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { INVOICES_LIST_PATH, type InvoiceListItem, type InvoiceSource, type InvoiceStatus, type Lang } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { invoicesState, listedInvoice, manyInvoices } from '../../../test/invoice-fixtures';
import { InvoicesPage } from './InvoicesPage';

// Intl writes no-break spaces in fi/sv sums; compare with plain ones
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderList(invoices: InvoiceListItem[], lang: Lang = 'en') {
  const shell = createFakeShell({ lang });
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'payments.invoices' ? pageState(routeId, invoicesState(invoices)) : null));
  renderWithShell(<InvoicesPage />, shell);
  return shell;
}

/** A link's name: its text, then (for screen readers) the invoice it belongs to, "Pay online, Invoice 1001". */
function named(text: string, invoice: string): string {
  return `${text}, ${invoice}`;
}

function onlyItem() {
  return screen.getByRole('listitem');
}

describe('invoices page: loading, error, empty (spec part 2 §2.3, §8 Payments)', () => {
  test('shows a spinner while the state loads, and aborts the request when left', () => {
    const shell = createFakeShell();
    const { unmount } = renderWithShell(<InvoicesPage />, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toHaveFocus();
    expect(shell.loadPage).toHaveBeenCalledWith('payments.invoices', {}, expect.any(AbortSignal));
    const signal = shell.loadPage.mock.calls[0]?.[2];
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  test('a failed load shows the generic error view; its retry asks the invoices list again and shows it', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error'));
    shell.api.use({ [`GET ${INVOICES_LIST_PATH}`]: { invoices: [listedInvoice({ status: 'notAvailable' })] } });
    renderWithShell(<InvoicesPage />, shell);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Apologies! Something went wrong...' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Invoice 1001' })).toBeInTheDocument();
    expect(shell.api.calls).toEqual([expect.objectContaining({ method: 'GET', path: INVOICES_LIST_PATH, searchParams: { lang: 'en' } })]);
    // the list call has no billing contact: the brand's own from the shell's config
    expect(screen.getByRole('link', { name: shell.config.billingEmail })).toHaveAttribute('href', `mailto:${shell.config.billingEmail}`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a retry that fails again shows the error again, with its retry', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error'));
    shell.api.use({ [`GET ${INVOICES_LIST_PATH}`]: mockFailure({ kind: 'http', status: 503 }) });
    renderWithShell(<InvoicesPage />, shell);
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(shell.errors.report).toHaveBeenCalledTimes(2);
  });

  test('a state that does not match the contract is an error, not a crash', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('payments.invoices', { invoices: [{ id: 1 }] }));
    renderWithShell(<InvoicesPage />, shell);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  test.each<[Lang, string, string]>([
    ['en', 'Invoices', 'You have no receipts or invoices.'],
    ['fi', 'Laskut', 'Sinulla ei ole kuitteja tai laskuja.'],
    ['sv', 'Fakturor', 'Du har inga kvitton eller fakturor.'],
  ])('%s: no invoices shows the empty state', async (lang, title, empty) => {
    const shell = createFakeShell({ lang });
    shell.loadPage.mockResolvedValueOnce(pageState('payments.invoices', invoicesState([])));
    renderWithShell(<InvoicesPage />, shell);
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('invoices page: one invoice (spec part 2 §2.3 columns)', () => {
  test('number, credited numbers, status, dates and sum, labelled', () => {
    renderList([listedInvoice({ creditedInvoiceNumber: '998, 999', status: 'overdue', sumCents: 123450 })]);
    const item = onlyItem();
    expect(within(item).getByRole('heading', { level: 2, name: 'Invoice 1001' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Credited invoices: 998, 999');
    const details = within(item).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(details).toEqual([
      ['Status', 'Overdue'],
      ['Invoice date', '2 November 2026'],
      ['Due date', '16 November 2026'],
      ['Amount', '€1,234.50'],
    ]);
  });

  test('one credited number reads in the singular', () => {
    renderList([listedInvoice({ creditedInvoiceNumber: '998' })]);
    expect(onlyItem()).toHaveTextContent('Credited invoice: 998');
  });

  test.each<[Lang, string[]]>([
    ['fi', ['Lasku 1001', 'Tila', 'Avoin', 'Laskun päiväys', '2.11.2026', 'Eräpäivä', '16.11.2026', 'Summa', '1 234,50 €']],
    ['sv', ['Faktura 1001', 'Status', 'Öppen', 'Fakturadatum', '2.11.2026', 'Förfallodag', '16.11.2026', 'Belopp', '1 234,50 €']],
  ])('%s: texts, dates and the sum in the language’s format', (lang, texts) => {
    renderList([listedInvoice({ sumCents: 123450 })], lang);
    const content = plain(onlyItem().textContent);
    for (const text of texts) expect(content).toContain(text);
  });
});

describe('invoices page: document by source and status (spec part 2 §4 "Document type")', () => {
  const cases: Array<[InvoiceSource, InvoiceStatus, string, string]> = [
    ['CustomerInvoice', 'paid', 'Download receipt (PDF)', 'receipt-1001.pdf'],
    ['CustomerInvoice', 'open', 'Download summary (PDF)', 'summary-1001.pdf'],
    ['CustomerInvoice', 'overdue', 'Download summary (PDF)', 'summary-1001.pdf'],
    ['CustomerInvoice', 'refunded', 'Download summary (PDF)', 'summary-1001.pdf'],
    ['GoodSignInvoice', 'open', 'Download summary (PDF)', 'summary-1001.pdf'],
    ['GoodSignInvoice', 'overdue', 'Download invoice (PDF)', 'invoice-1001.pdf'],
    ['GoodSignInvoice', 'paper', 'Download invoice (PDF)', 'invoice-1001.pdf'],
    ['GoodSignInvoice', 'paid', 'Download receipt (PDF)', 'receipt-1001.pdf'],
    ['NetsuiteInvoice', 'refunded', 'Download refunded invoice (PDF)', 'refunded-invoice-1001.pdf'],
    ['NetsuiteInvoice', 'refundInProgress', 'Download refunded invoice (PDF)', 'refunded-invoice-1001.pdf'],
  ];
  test.each(cases)('%s, %s: “%s”', (source, status, name, filename) => {
    renderList([listedInvoice({ source, status })]);
    const link = within(onlyItem()).getByRole('link', { name: named(name, 'Invoice 1001') });
    expect(link).toHaveAttribute('href', `/api/invoices/1/pdf?filename=${filename}&lang=en`);
  });

  test.each<[Lang, string, string]>([
    ['fi', 'Lataa lasku (PDF)', 'lasku-1001.pdf'],
    ['sv', 'Ladda ner återbetald faktura (PDF)', 'aterbetald-faktura-1001.pdf'],
  ])('%s: the link and the file are named in the page’s language', (lang, name, filename) => {
    renderList([listedInvoice({ status: lang === 'fi' ? 'overdue' : 'refunded' })], lang);
    expect(screen.getByRole('link', { name: named(name, lang === 'fi' ? 'Lasku 1001' : 'Faktura 1001') })).toHaveAttribute('href', `/api/invoices/1/pdf?filename=${filename}&lang=${lang}`);
  });

  test('without a PDF the view-summary link replaces the download', async () => {
    const shell = renderList([listedInvoice({ id: '7', status: 'paid', hasPdf: false })]);
    expect(screen.queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: named('View summary', 'Invoice 1001') });
    expect(link).toHaveAttribute('href', '/en/invoices/summary/7');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/invoices/summary/7');
  });

  test('a notAvailable invoice offers no document, only the billing contact', () => {
    renderList([listedInvoice({ status: 'notAvailable', hasPdf: true })]);
    const links = within(onlyItem()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['laskutus@example.fi']);
  });
});

describe('invoices page: pay link and notices (spec part 2 §4, §9)', () => {
  test('payable online: the pay link to the invoice’s payment page, no notice', async () => {
    const shell = renderList([listedInvoice({ status: 'overdue', canBePaidOnline: true })]);
    const pay = screen.getByRole('link', { name: named('Pay online', 'Invoice 1001') });
    expect(pay).toHaveAttribute('href', '/en/pay/1001');
    expect(onlyItem()).not.toHaveTextContent('contact our billing');
    await userEvent.click(pay);
    expect(shell.navigate).toHaveBeenCalledWith('/en/pay/1001');
  });

  test('not payable online: no pay link', () => {
    renderList([listedInvoice({ status: 'open', canBePaidOnline: false })]);
    expect(screen.queryByRole('link', { name: /Pay online/ })).not.toBeInTheDocument();
  });

  test('overdue: the contact notice with the billing phone', () => {
    renderList([listedInvoice({ status: 'overdue' })]);
    expect(onlyItem()).toHaveTextContent('The due date of this invoice has passed and it can no longer be paid online. Please contact our billing: 010 000 0001.');
    expect(screen.getByRole('link', { name: '010 000 0001' })).toHaveAttribute('href', 'tel:0100000001');
  });

  test('paper: the mailed notice', () => {
    renderList([listedInvoice({ status: 'paper' })]);
    expect(onlyItem()).toHaveTextContent('This invoice has been sent to you by post.');
  });

  test('refunded netsuite invoice: the refund-receipt-mailed notice; another source has none', () => {
    renderList([listedInvoice({ status: 'refunded', source: 'NetsuiteInvoice' }), listedInvoice({ id: '2', invoiceNumber: '1002', status: 'refunded' })]);
    const [netsuite, goodSign] = screen.getAllByRole('listitem');
    expect(netsuite).toHaveTextContent('The refund receipt has been sent to you by post.');
    expect(goodSign).not.toHaveTextContent('sent to you by post');
  });

  test('notAvailable: the billing e-mail from the page state', () => {
    renderList([listedInvoice({ status: 'notAvailable' })]);
    expect(onlyItem()).toHaveTextContent('The details of this invoice are not available in the service. Please contact our billing: laskutus@example.fi.');
    expect(screen.getByRole('link', { name: 'laskutus@example.fi' })).toHaveAttribute('href', 'mailto:laskutus@example.fi');
  });

  test.each<[Lang, string]>([
    ['en', 'Online payment of remote appointments was not available from 16 November 2023 to 30 November 2023, so this invoice cannot be paid online.'],
    ['fi', 'Etävastaanottojen verkkomaksaminen ei ollut käytettävissä 16.11.2023–30.11.2023, joten tätä laskua ei voi maksaa verkossa.'],
    ['sv', 'Onlinebetalning av distansmottagningar var inte möjlig 16.11.2023–30.11.2023, så den här fakturan kan inte betalas online.'],
  ])('%s: a remote appointment in the 16–30 Nov 2023 blackout shows its notice instead of the pay link', (lang, text) => {
    renderList([listedInvoice({ status: 'open', canBePaidOnline: true, remotePaymentBlackout: true })], lang);
    expect(onlyItem()).toHaveTextContent(text);
    expect(within(onlyItem()).queryByRole('link', { name: /Pay online|Maksa verkossa|Betala online/ })).not.toBeInTheDocument();
  });

  test.each<[Lang, string, string]>([
    ['fi', 'Lasku on lähetetty sinulle postitse.', named('Maksa verkossa', 'Lasku 1002')],
    ['sv', 'Fakturan har skickats till dig per post.', named('Betala online', 'Faktura 1002')],
  ])('%s: notices and the pay link in the page’s language', (lang, notice, pay) => {
    renderList([listedInvoice({ status: 'paper' }), listedInvoice({ id: '2', invoiceNumber: '1002', canBePaidOnline: true })], lang);
    expect(screen.getByText(notice, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: pay })).toHaveAttribute('href', lang === 'fi' ? '/fi/maksa/1002' : '/sv/betala/1002');
  });
});

describe('invoices page: pagination (spec part 2 §9: 10 per page)', () => {
  test('shows 10 invoices per page and pages through the rest', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState('payments.invoices', invoicesState(manyInvoices(23))));
    renderWithShell(<InvoicesPage />, shell);
    const list = await screen.findByRole('list', { name: 'Invoices and receipts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByRole('heading', { name: 'Invoice 1001' })).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    // the new page's list takes the focus, so keyboard and screen reader users start at its top
    expect(screen.getByRole('list', { name: 'Invoices and receipts' })).toHaveFocus();
    expect(within(screen.getByRole('list', { name: 'Invoices and receipts' })).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Invoice ${1011 + index}`),
    );
    await userEvent.click(within(pagination).getByRole('button', { name: 'Next page' }));
    const last = within(screen.getByRole('list', { name: 'Invoices and receipts' })).getAllByRole('listitem');
    expect(last).toHaveLength(3);
    expect(within(last[2] as HTMLElement).getByRole('heading', { name: 'Invoice 1023' })).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('ten invoices or fewer need no pagination', () => {
    renderList(manyInvoices(10));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

/** The router's address and a Back button, as the browser would offer them. */
function AddressProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

const headingsShown = () =>
  within(screen.getByRole('list', { name: 'Invoices and receipts' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

function renderAt(path: string, count = 23) {
  const shell = createFakeShell();
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'payments.invoices' ? pageState(routeId, invoicesState(manyInvoices(count))) : null));
  renderWithShell(
    <>
      <InvoicesPage />
      <AddressProbe />
    </>,
    shell,
    path,
  );
  return shell;
}

describe('invoices page: the page is in the address (issue 28)', () => {
  test('turning the page puts it in the address; Back returns to the page before', async () => {
    renderAt('/en/invoices');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/en/invoices?page=2');
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 3' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/en/invoices?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/en/invoices?page=2');
    expect(headingsShown()[0]).toBe('Invoice 1011');
    expect(within(pagination).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 1' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^\/en\/invoices$/);
  });

  test('back from an opened invoice (or a reload) the address’s page is shown; one past the end is the last, a word the first', () => {
    renderAt('/en/invoices?page=2');
    expect(headingsShown()).toEqual(Array.from({ length: 10 }, (_, index) => `Invoice ${1011 + index}`));
  });

  test.each([
    ['/en/invoices?page=9', 'Invoice 1021'],
    ['/en/invoices?page=abc', 'Invoice 1001'],
    ['/en/invoices?page=0', 'Invoice 1001'],
  ])('%s shows %s first', (path, first) => {
    renderAt(path);
    expect(headingsShown()[0]).toBe(first);
  });
});
