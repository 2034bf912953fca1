import { defineModule } from '../module';
import { installCheckout } from './checkout/routes';
import { loadPaymentsConfig, paymentsDemoParts } from './config';
import { installInvoices } from './invoices/routes';
import { seedInvoices } from './invoices/seed';
import { installPayVisit } from './pay-visit/routes';
import { installInvoicePdf } from './pdf/routes';
import { createPaymentProviderAdapter } from './provider/index';
import { installTestProvider } from './provider/test-provider';
import { installReconciliation } from './reconcile/reconcile';
import { installPaymentResult } from './result/routes';
import { installPaymentsSummary } from './summary';

export { loadPaymentsConfig, type PaymentsConfig } from './config';

/**
 * The mf-payments remote's calls (spec part 2 §2.3, §3, §4, §7, §8 Payments, §9): one folder per
 * feature; the tables are in schema.ts.
 * - invoices/   the invoices list, the summary, the good-sign invoice, the status moves, the demo invoices
 * - pdf/        the invoice PDF (pdf-lib)
 * - provider/   the Paytrail-style payment provider adapter, its signatures, and the built-in test provider
 * - checkout/   POST /api/payments/ (the providers for one invoice), the signed redirect and callback
 * - reconcile/  asks the provider about attempts its redirect and callbacks left unsettled (a job on every instance)
 * - result/     the payment result page
 * - pay-visit/  the anonymous invoice notification landing
 */
export const paymentsModule = defineModule({
  name: 'payments',
  loadConfig: loadPaymentsConfig,
  demoParts: paymentsDemoParts,
  install(app, config) {
    installInvoices(app, config);
    installInvoicePdf(app, config);
    // One adapter for the checkout and the reconciliation of payments it leaves unsettled.
    const provider = createPaymentProviderAdapter(app, config);
    installCheckout(app, config, provider);
    installReconciliation(app, config, provider);
    installTestProvider(app, config);
    installPaymentResult(app, config);
    installPayVisit(app, config);
    installPaymentsSummary(app);
  },
  async seed(db, world) {
    await seedInvoices(db, world);
  },
});
