import { z } from 'zod';
import { pageStateSchema as searchListStateSchema } from './private-list';

/** booking.occupational-list (spec part 2 §2.1): by status. */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('unknown-error') }),
  z.object({ status: z.literal('no-occupational-healthcare') }),
  z.object({
    status: z.literal('no-web-reservation'),
    /** 'special' when a contract product id is in the known set: the special content block */
    phoneBookingContent: z.enum(['special', 'default']),
    customerServicePhone: z.string(),
  }),
  z.object({ status: z.literal('ok'), search: searchListStateSchema }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
