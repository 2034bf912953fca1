import { z } from 'zod';
import { prescriptionListItemSchema } from '../prescriptions';

export const pageStateSchema = z.object({
  prescriptions: z.array(prescriptionListItemSchema),
  /** true while messaging is in maintenance: renewals travel as messages, so the cart is offline */
  renewalMaintenance: z.boolean().optional(),
});
export type PageState = z.infer<typeof pageStateSchema>;
