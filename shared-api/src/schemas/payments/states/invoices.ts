import { z } from 'zod';
import { invoiceListItemSchema } from '../invoice';

/** payments.invoices (invoices, laskut, fakturor): every invoice, newest first; the page shows 10 at a time. */
export const pageStateSchema = z.object({
  invoices: z.array(invoiceListItemSchema),
  /** §4: notAvailable shows the provider's billing contact */
  billingEmail: z.string(),
  billingPhone: z.string(),
});
export type PageState = z.infer<typeof pageStateSchema>;
