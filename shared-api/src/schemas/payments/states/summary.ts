import { z } from 'zod';
import { invoiceDetailSchema } from '../invoice';

/** payments.summary (invoices/summary/{id}): the summary, or not found (HTTP 404). */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('invoice-not-found') }),
  z.object({ status: z.literal('ok'), invoice: invoiceDetailSchema }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
