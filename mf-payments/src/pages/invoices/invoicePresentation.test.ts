import type { InvoiceListItem, InvoiceSource, InvoiceStatus } from '@portal/shared-api';
import { invoiceDocumentType, invoicePresentation } from './invoicePresentation';

function invoice(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
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

describe('document type (spec part 2 §4 "Document type")', () => {
  test.each<[InvoiceStatus, string]>([
    ['paid', 'receipt'],
    ['open', 'summary'],
    ['overdue', 'summary'],
    ['paper', 'summary'],
    ['refunded', 'summary'],
    ['refundInProgress', 'summary'],
  ])('a customer invoice that is %s is a %s', (status, expected) => {
    expect(invoiceDocumentType({ source: 'CustomerInvoice', status })).toBe(expected);
  });

  for (const source of ['GoodSignInvoice', 'NetsuiteInvoice'] as InvoiceSource[]) {
    test.each<[InvoiceStatus, string]>([
      ['open', 'summary'],
      ['overdue', 'invoice'],
      ['paper', 'invoice'],
      ['paid', 'receipt'],
      ['refunded', 'refundedInvoice'],
      ['refundInProgress', 'refundedInvoice'],
    ])(`a ${source} that is %s is a %s`, (status, expected) => {
      expect(invoiceDocumentType({ source, status })).toBe(expected);
    });
  }

  test('a notAvailable invoice has no document, whatever its source', () => {
    for (const source of ['CustomerInvoice', 'GoodSignInvoice', 'NetsuiteInvoice'] as InvoiceSource[]) {
      expect(invoiceDocumentType({ source, status: 'notAvailable' })).toBeNull();
      expect(invoicePresentation(invoice({ source, status: 'notAvailable', hasPdf: true })).documentLink).toBeNull();
    }
  });
});

describe('document link (§4: without a PDF a view-summary link replaces the download)', () => {
  test('with a PDF: the download', () => {
    expect(invoicePresentation(invoice({ status: 'paid', hasPdf: true })).documentLink).toBe('pdf');
  });

  test('without a PDF: the summary page', () => {
    expect(invoicePresentation(invoice({ status: 'paid', hasPdf: false })).documentLink).toBe('summary');
  });
});

describe('pay-online link and notices (§4)', () => {
  test('payable online: the pay link and no status notice', () => {
    const presentation = invoicePresentation(invoice({ status: 'open', canBePaidOnline: true }));
    expect(presentation.payOnline).toBe(true);
    expect(presentation.notices).toEqual([]);
  });

  test('an overdue invoice payable online shows the pay link, not the contact notice', () => {
    expect(invoicePresentation(invoice({ status: 'overdue', canBePaidOnline: true }))).toMatchObject({ payOnline: true, notices: [] });
  });

  test('overdue and not payable online: the contact notice', () => {
    expect(invoicePresentation(invoice({ status: 'overdue' }))).toMatchObject({ payOnline: false, notices: ['overdueContact'] });
  });

  test('paper: the mailed notice', () => {
    expect(invoicePresentation(invoice({ status: 'paper' }))).toMatchObject({ payOnline: false, notices: ['paperMailed'] });
  });

  test('a refunded netsuite invoice: the refund-receipt-mailed notice', () => {
    expect(invoicePresentation(invoice({ status: 'refunded', source: 'NetsuiteInvoice' })).notices).toEqual(['refundReceiptMailed']);
  });

  test('a refunded invoice of another source, or a netsuite one still in refund: no notice', () => {
    expect(invoicePresentation(invoice({ status: 'refunded', source: 'GoodSignInvoice' })).notices).toEqual([]);
    expect(invoicePresentation(invoice({ status: 'refunded', source: 'CustomerInvoice' })).notices).toEqual([]);
    expect(invoicePresentation(invoice({ status: 'refundInProgress', source: 'NetsuiteInvoice' })).notices).toEqual([]);
  });

  test('notAvailable: the billing contact notice', () => {
    expect(invoicePresentation(invoice({ status: 'notAvailable' })).notices).toEqual(['notAvailableContact']);
  });

  test('open or paid and not payable online: neither link nor notice', () => {
    expect(invoicePresentation(invoice({ status: 'open' }))).toMatchObject({ payOnline: false, notices: [] });
    expect(invoicePresentation(invoice({ status: 'paid' }))).toMatchObject({ payOnline: false, notices: [] });
  });

  test('§9: a remote appointment in the 16–30 Nov 2023 blackout shows its notice instead of the pay link', () => {
    expect(invoicePresentation(invoice({ status: 'open', canBePaidOnline: true, remotePaymentBlackout: true }))).toMatchObject({
      payOnline: false,
      notices: ['remotePaymentBlackout'],
    });
    expect(invoicePresentation(invoice({ status: 'overdue', remotePaymentBlackout: true })).notices).toEqual(['remotePaymentBlackout', 'overdueContact']);
    expect(invoicePresentation(invoice({ status: 'paper', remotePaymentBlackout: true })).notices).toEqual(['remotePaymentBlackout', 'paperMailed']);
  });

  test('§9: a paid or refunded invoice of the blackout has nothing to pay, so no blackout notice', () => {
    expect(invoicePresentation(invoice({ status: 'paid', remotePaymentBlackout: true })).notices).toEqual([]);
    expect(invoicePresentation(invoice({ status: 'refunded', source: 'NetsuiteInvoice', remotePaymentBlackout: true })).notices).toEqual(['refundReceiptMailed']);
  });
});
