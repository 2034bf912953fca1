import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { contactFieldNames, decodeSaveAction, type GoodSignInvoiceResponse, type Lang, type PayInvoicePageState } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { PayPage } from './PayPage';
import { openInvoice, payState, paymentResponse, routesWithAccount } from './test-fixtures';

const CREATE = 'POST /api/payments/';
const REFETCH = 'GET /api/payments/good-sign-invoice';
const PATHS: Record<Lang, string> = { en: '/en/pay/20261234', fi: '/fi/maksa/20261234', sv: '/sv/betala/20261234' };

function setUp(states: PayInvoicePageState[], { lang = 'en' as Lang, shell = createFakeShell({ routes: routesWithAccount, lang }) } = {}) {
  for (const state of states) shell.loadPage.mockResolvedValueOnce(pageState('payments.pay', state, { id: '20261234' }));
  renderWithShell(
    <Routes>
      <Route path={PATHS[lang].replace('20261234', ':id')} element={<PayPage />} />
    </Routes>,
    shell,
    PATHS[lang],
  );
  return shell;
}

function withProviders(shell: FakeShell = createFakeShell({ routes: routesWithAccount })) {
  shell.api.use({ [CREATE]: paymentResponse });
  return shell;
}

const invoiceNow = (status: 'Open' | 'Paid'): GoodSignInvoiceResponse => ({
  data: {
    invoice:
      status === 'Paid'
        ? { ...openInvoice, status, invoiceStatus: 'paid', paidDate: '2026-11-23', canBePaidOnline: false }
        : { ...openInvoice, status, paidDate: null },
  },
});

/** A promise the test settles when it wants the call to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const callsOf = (shell: FakeShell, key: string) => shell.api.calls.filter((call) => `${call.method} ${call.path}` === key);

let submitted: HTMLFormElement[];
beforeEach(() => {
  submitted = [];
  // jsdom cannot navigate; the form the page submits is what the provider would receive
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  document.querySelectorAll('form').forEach((form) => form.remove());
});

describe('pay invoice page (spec part 2 §2.3 "Invoice payment page")', () => {
  test('asks the loader for the invoice of its path and shows its number and sum', async () => {
    const shell = setUp([payState], { shell: withProviders() });
    expect(shell.loadPage).toHaveBeenCalledWith('payments.pay', { id: '20261234' }, expect.any(AbortSignal));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay invoice' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'OP' });
    expect(screen.getByText('Invoice number').nextElementSibling).toHaveTextContent('20261234');
    expect(screen.getByText('Amount').nextElementSibling).toHaveTextContent('€123.45');
  });

  test('§3, §9: creates the payment with one item of VAT 0, one unit at the sum in cents, the invoice number as reference, the page language and the patient as customer', async () => {
    const shell = setUp([payState], { shell: withProviders() });
    await screen.findByRole('button', { name: 'OP' });
    expect(callsOf(shell, CREATE)).toHaveLength(1);
    expect(callsOf(shell, CREATE)[0]!.json).toEqual({
      amount: 12345,
      customer: { email: 'mikko@example.invalid', phone: '+358401234567', firstName: 'Mikko', lastName: 'Virtanen' },
      items: [{ productCode: '20261234', unitPrice: 12345, units: 1, vatPercentage: 0 }],
      language: 'EN',
      reference: '20261234',
    });
  });

  test('the payment language follows the page (FI, SV), and the sum is in the page language’s format', async () => {
    const fi = setUp([payState], { lang: 'fi', shell: withProviders(createFakeShell({ routes: routesWithAccount, lang: 'fi' })) });
    await screen.findByRole('button', { name: 'OP' });
    expect(screen.getByText('Summa').nextElementSibling).toHaveTextContent(/^123,45\s€$/);
    expect(callsOf(fi, CREATE)[0]!.json).toMatchObject({ language: 'FI' });
  });

  test('in Swedish the payment language is SV', async () => {
    const sv = setUp([payState], { lang: 'sv', shell: withProviders(createFakeShell({ routes: routesWithAccount, lang: 'sv' })) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Välj betalningssätt' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'OP' });
    expect(callsOf(sv, CREATE)[0]!.json).toMatchObject({ language: 'SV' });
  });

  test('a customer without a phone is sent without one (the provider takes no empty number)', async () => {
    const shell = setUp([{ ...payState, customer: { ...payState.customer, phone: '' } }], { shell: withProviders() });
    await screen.findByRole('button', { name: 'OP' });
    expect(callsOf(shell, CREATE)[0]!.json).toMatchObject({ customer: { email: 'mikko@example.invalid', firstName: 'Mikko', lastName: 'Virtanen' } });
    expect((callsOf(shell, CREATE)[0]!.json as { customer: object }).customer).not.toHaveProperty('phone');
  });

  test('shows each provider as a button named by its logo’s alt text, and the provider’s terms', async () => {
    setUp([payState], { shell: withProviders() });
    const methods = await screen.findByRole('list', { name: 'Choose a payment method' });
    const buttons = within(methods).getAllByRole('button');
    expect(buttons.map((button) => within(button).getByRole('img').getAttribute('alt'))).toEqual(['OP', 'Nordea']);
    expect(within(buttons[0]!).getByRole('img')).toHaveAttribute('src', 'https://provider.example.invalid/logos/op.svg');
    expect(screen.getByRole('link', { name: 'payment terms' })).toHaveAttribute('href', 'https://provider.example.invalid/terms');
  });

  test('a cancel-payment link goes back to the invoices list', async () => {
    setUp([payState], { shell: withProviders() });
    expect(await screen.findByRole('link', { name: 'Cancel payment' })).toHaveAttribute('href', '/en/invoices');
  });

  test('not found: the invoice-not-found text and a way back to the invoices; no payment is created', async () => {
    const shell = setUp([{ status: 'invoice-not-found' }]);
    expect(await screen.findByText('Invoice not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/en/invoices');
    expect(callsOf(shell, CREATE)).toHaveLength(0);
  });

  test('§8: a failed page load shows the invoice-not-found text, with a retry that loads again and a way back', async () => {
    const shell = createFakeShell({ routes: routesWithAccount });
    shell.loadPage.mockRejectedValueOnce(mockFailure({ kind: 'network' }));
    setUp([payState], { shell: withProviders(shell) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found.');
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/en/invoices');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'OP' })).toBeInTheDocument();
  });

  test('an invoice already paid is not offered for payment again', async () => {
    const shell = setUp([{ ...payState, invoice: { ...openInvoice, status: 'Paid', invoiceStatus: 'paid', paidDate: '2026-11-22', canBePaidOnline: false } }]);
    expect(await screen.findByText('This invoice was paid on 22 November 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancel payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toBeInTheDocument();
    expect(callsOf(shell, CREATE)).toHaveLength(0);
  });

  test('an invoice no longer payable online says so and creates no payment', async () => {
    const shell = setUp([{ ...payState, invoice: { ...openInvoice, canBePaidOnline: false } }]);
    expect(await screen.findByText(/can no longer be paid online/)).toBeInTheDocument();
    expect(callsOf(shell, CREATE)).toHaveLength(0);
  });
});

describe('the e-mail gate (spec part 2 §2.3, §8 "e-mail required", §2.2 saveAction)', () => {
  test('without a valid e-mail: the notice and a link to My information whose saveAction comes back to this invoice; no payment is created', async () => {
    const shell = setUp([{ ...payState, emailValid: false }]);
    expect(await screen.findByText('E-mail address required')).toBeInTheDocument();
    expect(screen.getByText(/add a valid e-mail address to your contact details/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Update contact details' });
    const url = new URL(link.getAttribute('href')!, 'https://portal.invalid');
    expect(url.pathname).toBe('/en/my-information');
    expect(decodeSaveAction(url.searchParams.get('saveAction'))).toEqual({ type: 'invoice-payment', path: '/en/pay/20261234' });
    expect(screen.queryByRole('list', { name: 'Choose a payment method' })).not.toBeInTheDocument();
    expect(callsOf(shell, CREATE)).toHaveLength(0);

    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith(link.getAttribute('href'));
  });

  test('in Finnish the saveAction names the Finnish payment path', async () => {
    setUp([{ ...payState, emailValid: false }], { lang: 'fi' });
    expect(await screen.findByText('Sähköpostiosoite tarvitaan')).toBeInTheDocument();
    const url = new URL(screen.getByRole('link', { name: 'Päivitä yhteystiedot' }).getAttribute('href')!, 'https://portal.invalid');
    expect(url.pathname).toBe('/fi/omat-tiedot');
    expect(decodeSaveAction(url.searchParams.get('saveAction'))).toEqual({ type: 'invoice-payment', path: '/fi/maksa/20261234' });
  });

  test('in Swedish the notice and link are Swedish', async () => {
    setUp([{ ...payState, emailValid: false }], { lang: 'sv' });
    expect(await screen.findByText('E-postadress krävs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Uppdatera kontaktuppgifterna' })).toHaveAttribute('href', expect.stringMatching(/^\/sv\/mina-uppgifter\?saveAction=/));
  });

  // Issue 28: the notice sent the guardian to a form that then refused to save without a phone number.
  // The form is My information's contact details, which saves only with every contact field valid
  // (contactFieldNames, spec §5 "Phone (profile)"): the notice names each one as that form labels it.
  test.each<Lang>(['fi', 'sv', 'en'])('%s: the notice names every field the contact details form will ask for, phone number included', async (lang) => {
    const accountTexts = JSON.parse(readFileSync(path.join(__dirname, '../../../../mf-account/messages', `${lang}.json`), 'utf8')) as Record<string, string>;
    // "e-mail" and "email", "E-post" and "e-postadress" are one word
    const words = (text: string) => text.toLocaleLowerCase(lang).replace(/-/g, '');
    setUp([{ ...payState, emailValid: false }], { lang });
    const title = { fi: 'Sähköpostiosoite tarvitaan', sv: 'E-postadress krävs', en: 'E-mail address required' }[lang];
    const notice = words((await screen.findByText(title)).closest('.portal-alert')?.textContent ?? '');
    for (const field of contactFieldNames) {
      const label = accountTexts[`account.my-information.field.${field}`] ?? '';
      expect(label).not.toBe('');
      expect(notice).toContain(words(label));
    }
  });

  test('where the account remote is not deployed, the notice stands without a dead link', async () => {
    setUp([{ ...payState, emailValid: false }], { shell: createFakeShell() });
    expect(await screen.findByText('E-mail address required')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Update contact details' })).not.toBeInTheDocument();
  });
});

describe('the provider click (spec part 2 §4, §7 "POST to each provider url")', () => {
  test('re-fetches the invoice; still Open, the provider’s form is POSTed to its url with its hidden parameters; the buttons stay disabled meanwhile', async () => {
    const shell = setUp([payState], { shell: withProviders() });
    const answer = deferred<GoodSignInvoiceResponse>();
    shell.api.use({ [REFETCH]: () => answer.promise });

    await userEvent.click(await screen.findByRole('button', { name: 'OP' }));
    expect(callsOf(shell, REFETCH)).toEqual([expect.objectContaining({ searchParams: { invoiceNumber: '20261234' } })]);
    // while the invoice is asked again: the chosen button busy, the others disabled, and it is said
    const op = screen.getByRole('button', { name: /^OP/ });
    expect(op).toHaveAttribute('aria-busy', 'true');
    expect(op).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Nordea' })).toBeDisabled();
    expect(screen.getByText('Moving to the payment service…', { selector: 'p' })).toBeInTheDocument();
    await userEvent.click(op);
    expect(callsOf(shell, REFETCH)).toHaveLength(1);
    expect(submitted).toHaveLength(0);

    await act(async () => answer.resolve(invoiceNow('Open')));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://provider.example.invalid/pay/op');
    expect([...form.querySelectorAll('input')].map((input) => [input.type, input.name, input.value])).toEqual([
      ['hidden', 'checkout-transaction-id', 'tx-1'],
      ['hidden', 'signature', 'abc123'],
    ]);
    // the browser is leaving: nothing can be clicked twice
    expect(screen.getByRole('button', { name: 'Nordea' })).toBeDisabled();
  });

  test('back from the provider’s page (restored from the back-forward cache), the buttons work again', async () => {
    const shell = setUp([payState], { shell: withProviders() });
    shell.api.use({ [REFETCH]: invoiceNow('Open') });
    await userEvent.click(await screen.findByRole('button', { name: 'OP' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Nordea' })).toBeDisabled();

    act(() => {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    });
    expect(screen.getByRole('button', { name: 'Nordea' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'OP' })).not.toHaveAttribute('aria-busy');
  });

  test('the invoice was paid meanwhile: no form is posted, the page loads its state again and shows it paid', async () => {
    const shell = setUp([payState, { ...payState, invoice: { ...openInvoice, status: 'Paid', invoiceStatus: 'paid', paidDate: '2026-11-23', canBePaidOnline: false } }], { shell: withProviders() });
    shell.api.use({ [REFETCH]: invoiceNow('Paid') });

    await userEvent.click(await screen.findByRole('button', { name: 'Nordea' }));
    expect(await screen.findByText('This invoice was paid on 23 November 2026.')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
    expect(submitted).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Nordea' })).not.toBeInTheDocument();
  });

  test('the invoice was mailed meanwhile (still Open, unpaid, but no longer payable online): no form is posted, the page reloads (issue 28)', async () => {
    const mailed = { ...openInvoice, invoiceStatus: 'paper' as const, canBePaidOnline: false };
    const shell = setUp([payState, { ...payState, invoice: mailed }], { shell: withProviders() });
    shell.api.use({ [REFETCH]: { data: { invoice: mailed } } });
    await userEvent.click(await screen.findByRole('button', { name: 'OP' }));
    expect(await screen.findByText(/can no longer be paid online/)).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
    expect(submitted).toHaveLength(0);
  });

  test('the invoice is gone: no form is posted and the page reloads to not found', async () => {
    const shell = setUp([payState, { status: 'invoice-not-found' }], { shell: withProviders() });
    shell.api.use({ [REFETCH]: { data: {} } });
    await userEvent.click(await screen.findByRole('button', { name: 'OP' }));
    expect(await screen.findByText('Invoice not found.')).toBeInTheDocument();
    expect(submitted).toHaveLength(0);
  });

  test('the re-fetch fails: reported, said, and the buttons work again', async () => {
    const shell = setUp([payState], { shell: withProviders() });
    shell.api.use({ [REFETCH]: mockFailure({ kind: 'network' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'OP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment service could not be opened, and nothing was charged.');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'payments-start-payment');
    expect(submitted).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Nordea' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'OP' })).not.toHaveAttribute('aria-busy');

    shell.api.use({ [REFETCH]: invoiceNow('Open') });
    await userEvent.click(screen.getByRole('button', { name: 'Nordea' }));
    await waitFor(() => expect(submitted.map((form) => form.action)).toEqual(['https://provider.example.invalid/pay/nordea']));
  });

  test('a provider url that is not a web address is never posted to', async () => {
    const shell = setUp([payState]);
    shell.api.use({ [CREATE]: { ...paymentResponse, providers: [{ ...paymentResponse.providers[0]!, url: 'javascript:alert(1)' }] }, [REFETCH]: invoiceNow('Open') });
    await userEvent.click(await screen.findByRole('button', { name: 'OP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment service could not be opened');
    expect(submitted).toHaveLength(0);
  });
});

describe('payment creation failure (spec part 2 §8 "payment creation failure is only reported")', () => {
  test('reported and said, with a retry that creates the payment again; the invoice stays on screen', async () => {
    const shell = setUp([payState]);
    shell.api.use({ [CREATE]: mockFailure({ kind: 'http', status: 502 }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed: the payment could not be started, and nothing was charged. Please try again.');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'payments-create-payment');
    expect(screen.getByText('Invoice number').nextElementSibling).toHaveTextContent('20261234');

    shell.api.use({ [CREATE]: paymentResponse });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'OP' })).toBeInTheDocument();
    expect(callsOf(shell, CREATE)).toHaveLength(2);
    expect(callsOf(shell, CREATE)[1]!.json).toEqual(callsOf(shell, CREATE)[0]!.json);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test.each([
    ['fi', 'Maksu epäonnistui: maksua ei voitu aloittaa, eikä mitään veloitettu. Yritä uudelleen.', 'Yritä uudelleen'],
    ['sv', 'Betalningen misslyckades: den kunde inte påbörjas, och inget debiterades. Försök igen.', 'Försök igen'],
  ] as const)('in %s', async (lang, text, retry) => {
    const shell = createFakeShell({ routes: routesWithAccount, lang });
    shell.api.use({ [CREATE]: mockFailure({ kind: 'network' }) });
    setUp([payState], { lang, shell });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: retry })).toBeInTheDocument();
  });

  test.each([
    ['409 InvoiceNotPayable (paid meanwhile, or an earlier payment awaiting the bank)', mockFailure({ kind: 'http', status: 409, type: 'InvoiceNotPayable' })],
    ['404 (the invoice is gone)', mockFailure({ kind: 'not-found' })],
  ])('refused with %s: said as the invoice’s state, not reported as a fault, and not asked again by itself', async (_case, refusal) => {
    const shell = setUp([payState, { ...payState, invoice: { ...openInvoice, status: 'Paid', invoiceStatus: 'paid', paidDate: '2026-11-23', canBePaidOnline: false } }]);
    shell.api.use({ [CREATE]: refusal });
    expect(await screen.findByRole('alert')).toHaveTextContent(/cannot be paid online right now.*may still be waiting for the bank's confirmation/);
    expect(screen.queryByText(/Payment failed/)).not.toBeInTheDocument();
    expect(shell.errors.report).not.toHaveBeenCalled();
    expect(callsOf(shell, CREATE)).toHaveLength(1);
    expect(shell.loadPage).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Check the invoice again' }));
    expect(await screen.findByText('This invoice was paid on 23 November 2026.')).toBeInTheDocument();
    expect(callsOf(shell, CREATE)).toHaveLength(1);
  });

  test('no payment methods: said, not an empty list', async () => {
    const shell = setUp([payState]);
    shell.api.use({ [CREATE]: { ...paymentResponse, providers: [] } });
    expect(await screen.findByText('No payment methods are available right now. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Choose a payment method' })).not.toBeInTheDocument();
  });
});
