import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { invoiceSummaryPageStateSchema, invoicesPageStateSchema, payInvoicePageStateSchema, payVisitPageStateSchema, paymentResultPageStateSchema } from './pages';

/**
 * The page state schemas of the routes of mf-payments (see pageStateSchemas): its ./app bundles only these,
 * handed to createRemote as `pageStates`.
 */
export const paymentsPageStates = {
  'payments.invoices': invoicesPageStateSchema,
  'payments.summary': invoiceSummaryPageStateSchema,
  'payments.pay': payInvoicePageStateSchema,
  'payments.payment': paymentResultPageStateSchema,
  'payments.pay-visit': payVisitPageStateSchema,
} as const satisfies Partial<Record<RouteId, z.ZodType>>;
