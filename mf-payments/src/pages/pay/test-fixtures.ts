import type { ComposedRoute, InvoiceDetail, PayInvoicePageState, PaymentResponse } from '@portal/shared-api';
import { routeTable } from '../../../test/shell-fake';

export const openInvoice: InvoiceDetail = {
  id: '41',
  invoiceNumber: '20261234',
  sumCents: 12345,
  status: 'Open',
  invoiceStatus: 'open',
  paidDate: null,
  creationDate: '2026-11-20',
  payableOnlineUntil: '2026-11-24',
  dueDate: '2026-12-04',
  buyerName: 'Mikko Virtanen',
  buyerAddress: { street: 'Mannerheimintie 1', postalCode: '00100', postOffice: 'Helsinki' },
  paymentNumber: '1234561',
  canBePaidOnline: true,
  rows: [{ description: 'Doctor’s visit', date: '2026-11-20', count: 1, unitPriceCents: 12345, vatPercentage: 0 }],
};

export const payState: Extract<PayInvoicePageState, { status: 'ok' }> = {
  status: 'ok',
  invoice: openInvoice,
  emailValid: true,
  customer: { email: 'mikko@example.invalid', phone: '+358401234567', firstName: 'Mikko', lastName: 'Virtanen' },
};

export const paymentResponse: PaymentResponse = {
  terms: '<p>By continuing you accept the <a href="https://provider.example.invalid/terms">payment terms</a>.</p>',
  providers: [
    {
      id: 'osuuspankki',
      name: 'OP',
      url: 'https://provider.example.invalid/pay/op',
      svg: 'https://provider.example.invalid/logos/op.svg',
      parameters: [
        { name: 'checkout-transaction-id', value: 'tx-1' },
        { name: 'signature', value: 'abc123' },
      ],
    },
    {
      id: 'nordea',
      name: 'Nordea',
      url: 'https://provider.example.invalid/pay/nordea',
      svg: 'https://provider.example.invalid/logos/nordea.svg',
      parameters: [{ name: 'checkout-transaction-id', value: 'tx-1' }],
    },
  ],
};

/** The payments routes plus the account remote's My information, as composed where both are deployed. */
export const routesWithAccount: ComposedRoute[] = [
  ...routeTable,
  { ...routeTable[0]!, id: 'account.my-information', owner: 'mf-account', paths: { fi: 'omat-tiedot', sv: 'mina-uppgifter', en: 'my-information' } },
];
