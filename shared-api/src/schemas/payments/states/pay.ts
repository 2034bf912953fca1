import { z } from 'zod';
import { invoiceDetailSchema } from '../invoice';

/**
 * payments.pay (pay/{invoice number}): the invoice and whether the patient's e-mail is valid (§2.3:
 * the providers show only then; otherwise the e-mail-required notice links to contact details with a
 * saveAction back here).
 */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('invoice-not-found') }),
  z.object({
    status: z.literal('ok'),
    invoice: invoiceDetailSchema,
    emailValid: z.boolean(),
    /** the payment request's customer (§3): the patient's own contact details */
    customer: z.object({ email: z.string(), phone: z.string(), firstName: z.string(), lastName: z.string() }),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
