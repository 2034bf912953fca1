import type { InvoiceDetail, InvoiceListItem, InvoicesPageState, PaymentsSummary } from '@portal/shared-api';

/** One listed invoice (an open good-sign invoice with a PDF, not payable online) with the test's changes. */
export function listedInvoice(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
  return {
    id: '1',
    invoiceNumber: '1001',
    creditedInvoiceNumber: null,
    status: 'open',
    source: 'GoodSignInvoice',
    creationDate: '2026-11-02',
    dueDate: '2026-11-16',
    sumCents: 4500,
    hasPdf: true,
    canBePaidOnline: false,
    remotePaymentBlackout: false,
    ...overrides,
  };
}

export const BILLING = { billingEmail: 'laskutus@example.fi', billingPhone: '010 000 0001' } as const;

export function invoicesState(invoices: InvoiceListItem[]): InvoicesPageState {
  return { invoices, ...BILLING };
}

/** `count` invoices numbered 1001…, ids 1…, newest first as the server sends them. */
export function manyInvoices(count: number): InvoiceListItem[] {
  return Array.from({ length: count }, (_, index) => listedInvoice({ id: String(index + 1), invoiceNumber: String(1001 + index) }));
}

/** An invoice's summary (spec part 2 §3 "Invoice (payment/summary)"): two rows, 45.00 + 2 × 12.50 = 70.00 €. */
export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: '1',
    invoiceNumber: '1001',
    sumCents: 7000,
    status: 'Open',
    invoiceStatus: 'open',
    paidDate: null,
    creationDate: '2026-11-02',
    payableOnlineUntil: '2026-11-06',
    dueDate: '2026-11-16',
    buyerName: 'Mikko Virtanen',
    buyerAddress: { street: 'Mannerheimintie 1 A 2', postalCode: '00100', postOffice: 'Helsinki' },
    paymentNumber: 'RF18 1001',
    canBePaidOnline: true,
    rows: [
      { description: 'Lääkärin vastaanotto', date: '2026-11-02', count: 1, unitPriceCents: 4500, vatPercentage: 0 },
      { description: 'Laboratoriotutkimus', date: '2026-11-02', count: 2, unitPriceCents: 1250, vatPercentage: 24 },
    ],
    ...overrides,
  };
}

export function paymentsSummary(overrides: Partial<PaymentsSummary> = {}): PaymentsSummary {
  return {
    unpaidCount: 4,
    unpaidTotalCents: 23450,
    invoices: [
      { id: '3', invoiceNumber: '1003', dueDate: '2026-11-01', sumCents: 8000, overdue: true, canBePaidOnline: false },
      { id: '4', invoiceNumber: '1004', dueDate: '2026-11-20', sumCents: 4500, overdue: false, canBePaidOnline: true },
    ],
    ...overrides,
  };
}
