import { z } from 'zod';

/** booking.occupational-vaccination (spec part 2 §2.4, §8 "Vaccination"). */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('unauthorized') }),
  z.object({ status: z.literal('no-occupational-healthcare'), customerServicePhone: z.string() }),
  z.object({
    status: z.literal('ok'),
    /** a contract product id is one of the influenza ones: the search link is offered */
    vaccinationsIncluded: z.boolean(),
    /** for the occupational search link (…?specialtyIds=INFL) */
    specialtyIds: z.array(z.string()),
    customerServicePhone: z.string(),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
