import { defineModule, type ContentSecurityPolicySources } from '../module';
import { installCheckout } from './checkout/routes';
import { loadPaymentsConfig, paymentsDemoParts, type PaymentsConfig } from './config';
import { installInvoices } from './invoices/routes';
import { registerPageLoaders } from './pages/index.generated';
import { installInvoicePdf } from './pdf/routes';
import { createPaymentProviderAdapter, testPaymentProvider } from './provider/index';
import { installReconciliation } from './reconcile/reconcile';
import { installPaymentsSummary } from './summary';

export { loadPaymentsConfig, type PaymentsConfig } from './config';
/**
 * The provider's port and what the test provider (server/src/demo/payment-provider/) shares with
 * the real one: Paytrail's adapter (it answers Paytrail's API and is asked through it) and the
 * signatures.
 */
export type { PaymentProviderAdapter, PaymentReturnUrls, ReturnStatus, TestPaymentProvider } from './provider/index';
export { createPaytrailAdapter } from './provider/paytrail';
export { calculateSignature, signatureMatches, signParams } from './provider/signature';

/**
 * Where the pay page's provider buttons lead and their logos come from (the page's CSP). The built-in
 * test provider is this server itself. With Paytrail, each bank's form posts to that bank's own https
 * origin, which only Paytrail's answer names (and it changes as banks join), so form-action allows
 * https origins; the logos come from Paytrail's resources host.
 */
function paymentProviderSources(config: PaymentsConfig): ContentSecurityPolicySources {
  if (config.provider !== 'paytrail') return {};
  return { 'form-action': ['https:'], 'img-src': ['https://resources.paytrail.com'] };
}

/**
 * The mf-payments remote's calls (spec part 2 §2.3, §3, §4, §7, §8 Payments, §9): one folder per
 * feature; the tables are in schema.ts.
 * - invoices/   the invoices list, the summary, the good-sign invoice, the status moves
 * - pdf/        the invoice PDF (pdf-lib)
 * - provider/   the Paytrail-style payment provider adapter, its signatures, and the test provider's port
 *               (the test provider itself: server/src/demo/payment-provider/)
 * - checkout/   POST /api/payments/ (the providers for one invoice), the signed redirect and callback
 * - reconcile/  asks the provider about attempts its redirect and callbacks left unsettled (a job on every instance)
 * - result/     the payment result page's state
 * - pages/      each page's loader (pay-visit.ts: the anonymous invoice notification landing), registered by pages/index.generated.ts
 */
export const paymentsModule = defineModule({
  name: 'payments',
  loadConfig: loadPaymentsConfig,
  demoParts: paymentsDemoParts,
  contentSecurityPolicy: paymentProviderSources,
  install(app, config) {
    // every page's loader, each its pages/<page>.ts (generated from mf-payments/routes.json)
    registerPageLoaders(app, { app, config });
    installInvoices(app, config);
    installInvoicePdf(app, config);
    // One adapter for the checkout and the reconciliation of payments it leaves unsettled.
    const provider = createPaymentProviderAdapter(app, config);
    installCheckout(app, config, provider);
    installReconciliation(app, config, provider);
    if (config.provider === 'test') testPaymentProvider(app).install(app, config);
    installPaymentsSummary(app);
  },
});
