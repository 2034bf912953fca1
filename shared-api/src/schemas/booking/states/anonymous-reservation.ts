import { z } from 'zod';
import { alreadyReservedStateSchema, notFoundStateSchema, reservationOkBase } from '../reservation';

/** booking.anonymous-reservation, -insurance, -occupational (anonymous). */
export const pageStateSchema = z.discriminatedUnion('status', [
  notFoundStateSchema,
  alreadyReservedStateSchema,
  z.object({
    ...reservationOkBase,
    /** the slot requires strong authentication or the type is insurance or occupational: send the visitor to strong login */
    requiresStrongLogin: z.boolean(),
    /** the logged-in reservation page of this slot in the page's language (the login's nextPath) */
    loggedInPath: z.string(),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
