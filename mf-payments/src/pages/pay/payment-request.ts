import { PAYMENT_LANGUAGE_BY_LANG, paymentRequestSchema, type InvoiceDetail, type Lang, type PaymentRequest, type PayInvoicePageState } from '@portal/shared-api';

type Customer = Extract<PayInvoicePageState, { status: 'ok' }>['customer'];

/**
 * The payment request of spec part 2 §3 for one invoice, by §9's rule: one item of one unit, VAT 0,
 * the unit price and the amount both the invoice's sum in cents, the invoice number as the reference
 * and the product code (the provider shows it on the receipt), the provider's language from the
 * page's. Parsed with the shared schema, so a request the server would refuse is never sent.
 */
export function buildPaymentRequest(invoice: Pick<InvoiceDetail, 'invoiceNumber' | 'sumCents'>, customer: Customer, lang: Lang): PaymentRequest {
  const phone = customer.phone.trim();
  return paymentRequestSchema.parse({
    amount: invoice.sumCents,
    customer: {
      email: customer.email.trim(),
      // the provider asks for the phone only when it has one: an empty string is not a number
      ...(phone ? { phone } : {}),
      firstName: customer.firstName,
      lastName: customer.lastName,
    },
    items: [{ productCode: invoice.invoiceNumber, unitPrice: invoice.sumCents, units: 1, vatPercentage: 0 }],
    language: PAYMENT_LANGUAGE_BY_LANG[lang],
    reference: invoice.invoiceNumber,
  });
}
