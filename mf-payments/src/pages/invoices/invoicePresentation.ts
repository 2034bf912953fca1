import type { InvoiceListItem, InvoiceStatus } from '@portal/shared-api';

/** What an invoice's document is called (spec part 2 §4 "Document type"). */
export type InvoiceDocumentType = 'receipt' | 'summary' | 'invoice' | 'refundedInvoice';

/** The notices a list row can show instead of (or beside) the pay-online link (spec part 2 §4, §9). */
export type InvoiceNotice = 'overdueContact' | 'paperMailed' | 'refundReceiptMailed' | 'notAvailableContact' | 'remotePaymentBlackout';

const UNPAID: readonly InvoiceStatus[] = ['open', 'overdue', 'paper'];

export interface InvoicePresentation {
  /** null: the invoice has no document to offer (notAvailable) */
  documentType: InvoiceDocumentType | null;
  /** how the document is reached: the PDF download, the summary page when there is no PDF, or nothing */
  documentLink: 'pdf' | 'summary' | null;
  payOnline: boolean;
  notices: InvoiceNotice[];
}

/**
 * Spec part 2 §4: a customer invoice is a receipt once paid and a summary before; for the other
 * sources open is a summary, overdue and paper are invoices, paid is a receipt, refunded and refund in
 * progress are refunded invoices. notAvailable has no document (the spec names none: only the billing
 * contact is shown).
 */
export function invoiceDocumentType(invoice: Pick<InvoiceListItem, 'source' | 'status'>): InvoiceDocumentType | null {
  if (invoice.status === 'notAvailable') return null;
  if (invoice.source === 'CustomerInvoice') return invoice.status === 'paid' ? 'receipt' : 'summary';
  switch (invoice.status) {
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

/**
 * Spec part 2 §4: the pay-online link when canBePaidOnline; otherwise overdue shows a contact notice,
 * paper a mailed notice, a refunded netsuite invoice a refund-receipt-mailed notice, and notAvailable
 * the billing contact e-mail. Without a PDF the view-summary link replaces the download. §9: an
 * invoice of a remote appointment in the 16–30 Nov 2023 blackout shows its notice in place of the
 * pay link of an unpaid invoice (online payment of those was disabled).
 */
export function invoicePresentation(invoice: InvoiceListItem): InvoicePresentation {
  const documentType = invoiceDocumentType(invoice);
  const payOnline = invoice.canBePaidOnline && !invoice.remotePaymentBlackout;
  const notices: InvoiceNotice[] = [];
  // the notice explains a missing pay link: a paid or refunded invoice has nothing left to pay
  if (invoice.remotePaymentBlackout && UNPAID.includes(invoice.status)) notices.push('remotePaymentBlackout');
  if (!payOnline) {
    if (invoice.status === 'overdue') notices.push('overdueContact');
    if (invoice.status === 'paper') notices.push('paperMailed');
    if (invoice.status === 'refunded' && invoice.source === 'NetsuiteInvoice') notices.push('refundReceiptMailed');
  }
  // the billing contact is the only way to reach an invoice whose details are not available, payable or not
  if (invoice.status === 'notAvailable') notices.push('notAvailableContact');
  const documentLink = documentType === null ? null : invoice.hasPdf ? 'pdf' : 'summary';
  return { documentType, documentLink, payOnline, notices };
}
