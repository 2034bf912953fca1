import type { RemotePageMap } from '@portal/shared-ui';
import { InvoiceSummaryPage } from './invoice-summary/InvoiceSummaryPage';
import { InvoicesPage } from './invoices/InvoicesPage';
import { PayInvoicePage } from './pay/PayInvoicePage';
import { PayVisitPage } from './pay-visit/PayVisitPage';
import { PaymentResultPage } from './payment/PaymentResultPage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pages: RemotePageMap = {
  'payments.invoices': InvoicesPage,
  'payments.summary': InvoiceSummaryPage,
  'payments.pay': PayInvoicePage,
  'payments.payment': PaymentResultPage,
  'payments.pay-visit': PayVisitPage,
};
