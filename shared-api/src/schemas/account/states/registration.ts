import { z } from 'zod';
import { MAX_GUARDIANS, guardianFormValuesSchema } from '../registration';

export const pageStateSchema = z.object({
  /** already a customer (the welcome page of a registered patient with no events) */
  registered: z.boolean(),
  /** who the form registers: the signed-in person, or the ward a guardian acts for */
  subject: z.object({
    kind: z.enum(['self', 'ward']),
    /** the identity code's date and century sign, the rest masked (never the whole code) */
    maskedIdentityCode: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  /** what is known already ('' when not) */
  contact: z.object({
    streetAddress: z.string(),
    zipCode: z.string(),
    postOffice: z.string(),
    emailAddress: z.string(),
    phoneNumber: z.string(),
  }),
  /** for a ward: the guardians saved before, else the signed-in guardian's own details as the first */
  guardians: z.array(guardianFormValuesSchema).max(MAX_GUARDIANS),
});
export type PageState = z.infer<typeof pageStateSchema>;
