import type { PageStateImports } from '../pages/page-state-imports';
import type { paymentsPageStates } from './page-states';

/**
 * paymentsPageStates, each schema imported when its route is first shown: the remote's browser bundle
 * constructs only the schemas of the pages the visitor opens (page-state-imports.test.ts checks
 * that every entry gives the same schema as paymentsPageStates).
 */
export const paymentsPageStateImports = {
  'payments.invoices': () => import('./pages').then((m) => m.invoicesPageStateSchema),
  'payments.summary': () => import('./pages').then((m) => m.invoiceSummaryPageStateSchema),
  'payments.pay': () => import('./pages').then((m) => m.payInvoicePageStateSchema),
  'payments.payment': () => import('./pages').then((m) => m.paymentResultPageStateSchema),
  'payments.pay-visit': () => import('./pages').then((m) => m.payVisitPageStateSchema),
} as const satisfies PageStateImports<keyof typeof paymentsPageStates>;
