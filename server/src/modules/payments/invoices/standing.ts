import { REMOTE_PAYMENT_BLACKOUT, invoiceStatuses, type InvoiceDetail, type InvoiceStatus } from '@portal/shared-api';
import type { invoices } from '../schema';

/**
 * The one derivation of where an invoice stands: every payments view (the list, the front page's
 * summary, the summary page, the pay page, GET good-sign-invoice, the PDF, the payment result page)
 * takes its status, paid or unpaid, payability and document from here, so no two of them can tell
 * the patient different things about the same invoice (issue 28: an overdue invoice was "Paid" on
 * the pay page and "Overdue" in the list, because each view decided for itself).
 */

type InvoiceRecord = typeof invoices.$inferSelect;

/**
 * paid: the money was received (a refund follows a payment, so refunded and refund in progress were
 * paid, on their paid date); unpaid: open, overdue or paper (spec part 2 §4: the front page's unpaid
 * invoices); unknown: notAvailable, whose details the portal does not have (§4 shows only the billing
 * contact), so it is neither called paid nor offered for payment.
 */
export type InvoiceSettlement = 'paid' | 'unpaid' | 'unknown';

const SETTLEMENT: Readonly<Record<InvoiceStatus, InvoiceSettlement>> = {
  open: 'unpaid',
  overdue: 'unpaid',
  paper: 'unpaid',
  paid: 'paid',
  refundInProgress: 'paid',
  refunded: 'paid',
  notAvailable: 'unknown',
};

/** The statuses of one settlement (the front page's SQL reads the unpaid ones). */
export function statusesSettled(settlement: InvoiceSettlement): InvoiceStatus[] {
  return invoiceStatuses.filter((status) => SETTLEMENT[status] === settlement);
}

/** Spec part 2 §4 "Document type". */
export type InvoiceDocumentType = 'receipt' | 'summary' | 'invoice' | 'refundedInvoice';

/**
 * Spec part 2 §4: a customer invoice is a receipt once paid and a summary before; for the other
 * sources open is a summary, overdue and paper are invoices, paid is a receipt, refunded and refund
 * in progress are refunded invoices. notAvailable has none (only the billing contact is shown).
 */
export function invoiceDocumentType(row: Pick<InvoiceRecord, 'source' | 'status'>): InvoiceDocumentType | null {
  if (row.status === 'notAvailable') return null;
  if (row.source === 'CustomerInvoice') return row.status === 'paid' ? 'receipt' : 'summary';
  switch (row.status) {
    case 'open':
      return 'summary';
    case 'overdue':
    case 'paper':
      return 'invoice';
    case 'paid':
      return 'receipt';
    case 'refunded':
    case 'refundInProgress':
      return 'refundedInvoice';
  }
}

/** Spec part 2 §9: online payment of remote appointments was disabled 16–30 Nov 2023 (a notice shows instead). */
export function inRemotePaymentBlackout(row: Pick<InvoiceRecord, 'remoteAppointment' | 'visitDate'>): boolean {
  return row.remoteAppointment && row.visitDate >= REMOTE_PAYMENT_BLACKOUT.from && row.visitDate <= REMOTE_PAYMENT_BLACKOUT.to;
}

/**
 * Whether the patient can pay the invoice online today (Helsinki date): it is open (a paper invoice has
 * been mailed and is paid by bank transfer; overdue shows the contact notice, §4), still inside its
 * ONLINE_PAYABLE_DAYS window, not a remote appointment of the blackout, and not a NetSuite invoice
 * (those are the provider's ERP documents, credit notes and refunds, settled outside the web shop).
 */
export function canBePaidOnline(
  row: Pick<InvoiceRecord, 'status' | 'source' | 'payableOnlineUntil' | 'remoteAppointment' | 'visitDate' | 'sumCents'>,
  today: string,
): boolean {
  return (
    row.status === 'open' &&
    row.source !== 'NetsuiteInvoice' &&
    row.sumCents > 0 &&
    row.payableOnlineUntil !== null &&
    today <= row.payableOnlineUntil &&
    !inRemotePaymentBlackout(row)
  );
}

/** The columns the standing is decided by. */
export type StandingInput = Pick<InvoiceRecord, 'status' | 'source' | 'payableOnlineUntil' | 'remoteAppointment' | 'visitDate' | 'sumCents'>;

export interface InvoiceStanding {
  /** the listable status (§3), whose §4 label every view shows */
  status: InvoiceStatus;
  settlement: InvoiceSettlement;
  canBePaidOnline: boolean;
  remotePaymentBlackout: boolean;
  documentType: InvoiceDocumentType | null;
  /**
   * §3 "Invoice (payment/summary)" status, Open or Paid: Open is every unpaid invoice (overdue and
   * paper too, §4: they are invoices still to pay, by bank transfer or after contacting billing),
   * and canBePaidOnline says whether it can be paid here; Paid is a paid one.
   */
  detailStatus: InvoiceDetail['status'] | null;
  /** false: notAvailable, whose details the portal does not have: its summary, pay, result pages and PDF are "not found" */
  detailsAvailable: boolean;
}

/** Where the invoice stands today (Helsinki date), after the time-based moves (status.ts) have run. */
export function invoiceStanding(row: StandingInput, today: string): InvoiceStanding {
  const settlement = SETTLEMENT[row.status];
  return {
    status: row.status,
    settlement,
    canBePaidOnline: canBePaidOnline(row, today),
    remotePaymentBlackout: inRemotePaymentBlackout(row),
    documentType: invoiceDocumentType(row),
    detailStatus: settlement === 'paid' ? 'Paid' : settlement === 'unpaid' ? 'Open' : null,
    detailsAvailable: settlement !== 'unknown',
  };
}
