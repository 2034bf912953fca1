import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { paymentFailureReasons, type Lang, type PaymentFailureReason, type PaymentResultPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { PaymentPage } from './PaymentPage';

const PATHS: Record<Lang, string> = { en: '/en/payment/20261234', fi: '/fi/maksu/20261234', sv: '/sv/betalning/20261234' };

type ResultState = Extract<PaymentResultPageState, { status: 'ok' }>;
const failed: ResultState = {
  status: 'ok',
  result: 'fail',
  failureReason: 'cardDeclined',
  refund: null,
  invoice: { invoiceNumber: '20261234', sumCents: 12345, paid: false, paidDate: null, open: true },
};
/** The bank took this payment after the invoice had been paid (two tabs, both paid). */
const duplicate: ResultState = {
  status: 'ok',
  result: 'duplicate',
  failureReason: null,
  refund: { amountCents: 12345, refunded: false },
  invoice: { invoiceNumber: '20261234', sumCents: 12345, paid: true, paidDate: '2026-11-24', open: false },
};

function setUp(states: PaymentResultPageState[], lang: Lang = 'en', shell: FakeShell = createFakeShell({ lang })) {
  for (const state of states) shell.loadPage.mockResolvedValueOnce(pageState('payments.payment', state, { id: '20261234' }));
  renderWithShell(
    <Routes>
      <Route path={PATHS[lang].replace('20261234', ':id')} element={<PaymentPage />} />
    </Routes>,
    shell,
    PATHS[lang],
  );
  return shell;
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** §8 "Payments": every failure reason's text, one to one (docs/product-decisions.md, "Payment provider statuses"). */
const REASON_TEXTS: Record<Lang, Record<PaymentFailureReason, string>> = {
  en: {
    cardDeclined: 'The card was declined.',
    cardExpired: 'The card has expired.',
    incorrectCvc: "The card's security code (CVC) was incorrect.",
    insufficientFunds: 'There were insufficient funds for the payment.',
    cancelled: 'The payment was cancelled.',
    paymentFailed: 'The payment failed.',
    unableToProcess: 'The payment could not be processed. You have not been charged.',
  },
  fi: {
    cardDeclined: 'Kortti hylättiin.',
    cardExpired: 'Kortti on vanhentunut.',
    incorrectCvc: 'Kortin turvakoodi (CVC) oli virheellinen.',
    insufficientFunds: 'Tilillä ei ollut riittävästi katetta maksuun.',
    cancelled: 'Maksu peruutettiin.',
    paymentFailed: 'Maksu epäonnistui.',
    unableToProcess: 'Maksua ei voitu käsitellä. Sinulta ei ole veloitettu mitään.',
  },
  sv: {
    cardDeclined: 'Kortet avvisades.',
    cardExpired: 'Kortet har gått ut.',
    incorrectCvc: 'Kortets säkerhetskod (CVC) var felaktig.',
    insufficientFunds: 'Det fanns inte tillräckligt med täckning för betalningen.',
    cancelled: 'Betalningen annullerades.',
    paymentFailed: 'Betalningen misslyckades.',
    unableToProcess: 'Betalningen kunde inte behandlas. Du har inte debiterats.',
  },
};

describe('payment result page (spec part 2 §2.3 "Payment result page")', () => {
  test('ok: payment completed and a link to the front page', async () => {
    const shell = setUp([{ ...failed, result: 'ok', failureReason: null, invoice: { ...failed.invoice, paid: true, paidDate: '2026-11-24', open: false } }]);
    expect(shell.loadPage).toHaveBeenCalledWith('payments.payment', { id: '20261234' }, expect.any(AbortSignal));
    expect(await screen.findByText('Payment completed')).toBeInTheDocument();
    const frontPage = screen.getByRole('link', { name: 'Go to the front page' });
    expect(frontPage).toHaveAttribute('href', '/en');
    expect(screen.queryByText('Payment interrupted')).not.toBeInTheDocument();
    await userEvent.click(frontPage);
    expect(shell.navigate).toHaveBeenCalledWith('/en');
  });

  test.each([
    ['fi', 'Maksu suoritettu', 'Siirry etusivulle', '/fi'],
    ['sv', 'Betalningen är genomförd', 'Gå till startsidan', '/sv'],
  ] as const)('ok in %s', async (lang, title, link, href) => {
    setUp([{ ...failed, result: 'ok', failureReason: null, invoice: { ...failed.invoice, paid: true, open: false } }], lang);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  test('fail on an open invoice: payment interrupted, the sum, the invoice number, "Unpaid" highlighted as the failure, the reason and try again', async () => {
    const shell = setUp([failed]);
    expect(await screen.findByText('Payment interrupted')).toBeInTheDocument();
    expect(screen.getByText('The card was declined.')).toBeInTheDocument();
    expect(valueOf('Amount')).toHaveTextContent('€123.45');
    expect(valueOf('Invoice number')).toHaveTextContent('20261234');
    expect(valueOf('Status')).toHaveTextContent(/^Unpaid$/);
    expect(within(valueOf('Status')).getByText('Unpaid').tagName).toBe('STRONG');
    const tryAgain = screen.getByRole('link', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('href', '/en/pay/20261234');
    await userEvent.click(tryAgain);
    expect(shell.navigate).toHaveBeenCalledWith('/en/pay/20261234');
  });

  test('fail on an unpaid invoice no longer open: "Unpaid" is shown but not highlighted as this payment’s failure', async () => {
    setUp([{ ...failed, invoice: { ...failed.invoice, open: false } }]);
    expect(await screen.findByText('Payment interrupted')).toBeInTheDocument();
    expect(valueOf('Status')).toHaveTextContent(/^Unpaid$/);
    expect(within(valueOf('Status')).queryByText('Unpaid', { selector: 'strong' })).not.toBeInTheDocument();
    // the pay page would only say it cannot be paid online any more (issue 28)
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('fail, but the invoice got paid meanwhile: the status says paid with the date, and no try again', async () => {
    setUp([{ ...failed, failureReason: 'cancelled', invoice: { ...failed.invoice, paid: true, paidDate: '2026-11-23', open: false } }]);
    expect(await screen.findByText('Payment interrupted')).toBeInTheDocument();
    expect(valueOf('Status')).toHaveTextContent(/^Paid on 23 November 2026$/);
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('fail without a reason from the provider: interrupted, no reason text invented', async () => {
    setUp([{ ...failed, failureReason: null }]);
    expect(await screen.findByText('Payment interrupted')).toBeInTheDocument();
    for (const text of Object.values(REASON_TEXTS.en)) expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  for (const lang of ['en', 'fi', 'sv'] as const) {
    test.each(paymentFailureReasons.map((reason) => [reason]))(`§8: the ${lang} text of failure reason %s`, async (reason) => {
      setUp([{ ...failed, failureReason: reason }], lang);
      expect(await screen.findByText(REASON_TEXTS[lang][reason])).toBeInTheDocument();
      // one reason, one text: no other reason's text on the page
      for (const other of paymentFailureReasons.filter((r) => r !== reason)) expect(screen.queryByText(REASON_TEXTS[lang][other])).not.toBeInTheDocument();
    });
  }

  test.each([
    ['fi', 'Maksu keskeytyi', 'Summa', /^123,45\s€$/, 'Tila', 'Maksamatta', 'Yritä uudelleen', '/fi/maksa/20261234'],
    ['sv', 'Betalningen avbröts', 'Belopp', /^123,45\s€$/, 'Status', 'Obetald', 'Försök igen', '/sv/betala/20261234'],
  ] as const)('fail in %s', async (lang, title, sumLabel, sum, statusLabel, unpaid, tryAgain, href) => {
    setUp([failed], lang);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(valueOf(sumLabel)).toHaveTextContent(sum);
    expect(valueOf(statusLabel)).toHaveTextContent(unpaid);
    expect(screen.getByRole('link', { name: tryAgain })).toHaveAttribute('href', href);
  });

  test('paid date in Finnish format', async () => {
    setUp([{ ...failed, invoice: { ...failed.invoice, paid: true, paidDate: '2026-11-23', open: false } }], 'fi');
    expect(await screen.findByText('Maksettu 23.11.2026')).toBeInTheDocument();
  });

  test.each(['delayed', 'pending'] as const)('%s: says the payment is being processed (not a blank page), links to the invoices and checks again on request', async (result) => {
    const shell = setUp([
      { ...failed, result, failureReason: null },
      { ...failed, result: 'ok', failureReason: null, invoice: { ...failed.invoice, paid: true, open: false } },
    ]);
    expect(await screen.findByText('The payment is being processed')).toBeInTheDocument();
    expect(screen.getByText(/has not yet confirmed your payment/)).toBeInTheDocument();
    expect(screen.queryByText('Payment interrupted')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment completed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to invoices' })).toHaveAttribute('href', '/en/invoices');

    await userEvent.click(screen.getByRole('button', { name: 'Check the status again' }));
    expect(await screen.findByText('Payment completed')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
  });

  test.each([
    ['fi', 'Maksu on käsittelyssä', 'Tarkista tila uudelleen'],
    ['sv', 'Betalningen behandlas', 'Kontrollera statusen igen'],
  ] as const)('processing in %s', async (lang, title, button) => {
    setUp([{ ...failed, result: 'pending', failureReason: null }], lang);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });

  test('duplicate: says the payment was a duplicate, the invoice was already paid and the amount will be refunded; never "processing" or "do not pay again"', async () => {
    setUp([duplicate]);
    expect(await screen.findByText('This payment was a duplicate')).toBeInTheDocument();
    expect(screen.getByText(/The invoice had already been paid/)).toBeInTheDocument();
    expect(screen.getByText(/^The amount of this payment, €123\.45, will be refunded to your account\./)).toBeInTheDocument();
    expect(valueOf('Status')).toHaveTextContent(/^Paid on 24 November 2026$/);
    expect(valueOf('Invoice number')).toHaveTextContent('20261234');
    expect(screen.getByRole('link', { name: 'Go to invoices' })).toHaveAttribute('href', '/en/invoices');
    for (const absent of ['The payment is being processed', 'Payment interrupted', 'Payment completed']) expect(screen.queryByText(absent)).not.toBeInTheDocument();
    expect(screen.queryByText(/do not pay/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check the status again' })).not.toBeInTheDocument();
  });

  test.each([
    ['fi', 'Tämä maksu oli kaksoismaksu', /Lasku oli jo maksettu/, /^Tämän maksun summa 123,45\s€ palautetaan tilillesi\./, /älä maksa/i],
    ['sv', 'Den här betalningen var en dubbelbetalning', /Fakturan var redan betald/, /^Beloppet för den här betalningen, 123,45\s€, återbetalas till ditt konto\./, /betala inte/i],
  ] as const)('duplicate in %s', async (lang, title, alreadyPaid, refund, doNotPayAgain) => {
    setUp([duplicate], lang);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(alreadyPaid)).toBeInTheDocument();
    expect(screen.getByText(refund)).toBeInTheDocument();
    expect(screen.queryByText(doNotPayAgain)).not.toBeInTheDocument();
  });

  test('duplicate, refunded by now: says the amount has been refunded', async () => {
    setUp([{ ...duplicate, refund: { amountCents: 12345, refunded: true } }]);
    expect(await screen.findByText('This payment was a duplicate')).toBeInTheDocument();
    expect(screen.getByText('The amount of this payment, €123.45, has been refunded to your account.')).toBeInTheDocument();
    expect(screen.queryByText(/will be refunded/)).not.toBeInTheDocument();
  });

  test('not found: the invoice-not-found text and a link to the invoices', async () => {
    setUp([{ status: 'invoice-not-found' }]);
    expect(await screen.findByText('Invoice not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to invoices' })).toHaveAttribute('href', '/en/invoices');
  });

  test('§8: a failed load shows the invoice-not-found text, with a retry and the invoices link', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('offline'));
    setUp([failed], 'en', shell);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found.');
    expect(screen.getByRole('link', { name: 'Go to invoices' })).toHaveAttribute('href', '/en/invoices');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment interrupted')).toBeInTheDocument();
  });
});
