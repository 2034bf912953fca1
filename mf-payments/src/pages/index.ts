import { lazyPage, type RemotePageMap } from '@portal/shared-ui';

/**
 * Route id (routes.json) → page, each its own chunk fetched when its route is first shown (lazyPage);
 * a route id's folder is found from its name.
 */
export const pages: RemotePageMap = {
  'payments.invoices': lazyPage(() => import('./invoices/InvoicesPage').then((m) => m.InvoicesPage)),
  'payments.summary': lazyPage(() => import('./invoice-summary/InvoiceSummaryPage').then((m) => m.InvoiceSummaryPage)),
  'payments.pay': lazyPage(() => import('./pay/PayInvoicePage').then((m) => m.PayInvoicePage)),
  'payments.payment': lazyPage(() => import('./payment/PaymentResultPage').then((m) => m.PaymentResultPage)),
  'payments.pay-visit': lazyPage(() => import('./pay-visit/PayVisitPage').then((m) => m.PayVisitPage)),
};
