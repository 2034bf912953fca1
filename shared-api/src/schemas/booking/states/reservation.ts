import { z } from 'zod';
import { patientSchema } from '../../account/profile';
import { patientConceptSchema } from '../insurance';
import { alreadyReservedStateSchema, notFoundStateSchema, occupationalUnavailableReasonSchema, reservationOkBase, reservationRegistrationSchema } from '../reservation';

/** booking.reservation, booking.reservation-insurance, booking.reservation-occupational (logged in). */
export const pageStateSchema = z.discriminatedUnion('status', [
  notFoundStateSchema,
  alreadyReservedStateSchema,
  /** occupational type only: the person has no contract, or it does not include web reservation */
  z.object({
    status: z.literal('occupational-unavailable'),
    reason: occupationalUnavailableReasonSchema,
    contractProductIds: z.array(z.string()),
  }),
  z.object({
    ...reservationOkBase,
    /** the person booked for: the ward when a guardian acts for one (ssn masked) */
    patient: patientSchema,
    /** a guardian books for their ward (the name fields are locked) */
    actingForWard: z.boolean(),
    registration: reservationRegistrationSchema,
    isUserCreditWorthy: z.boolean(),
    /** the occupational contract's product ids (empty without one) */
    contractProductIds: z.array(z.string()),
    patientConcepts: z.array(patientConceptSchema),
    /** not credit-worthy and not the occupational type: the "Booking interrupted" notice, no form */
    paymentBlocked: z.boolean(),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
