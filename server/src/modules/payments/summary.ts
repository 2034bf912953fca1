import type { FastifyInstance } from 'fastify';
import type { PaymentsSummary } from '@portal/shared-api';

/**
 * The mf-payments remote's front-page summary (unpaid invoices), shown by its `./summary` parcel.
 * Filled in by the invoices commit (issue 14): read the subject's rows through auditedRead.
 */
export function installPaymentsSummary(app: FastifyInstance): void {
  app.frontPageSummaries.register('mf-payments', async () => {
    const summary: PaymentsSummary = { unpaidCount: 0, unpaidTotalCents: 0, invoices: [] };
    return summary;
  });
}
