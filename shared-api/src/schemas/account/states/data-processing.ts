import { z } from 'zod';
import { isoDateTimeSchema } from '../../common';
import { consentSchema } from '../profile';

/** account.data-processing (and the `./consent-form` parcel): the consents and whether they were ever given. */
export const pageStateSchema = z.object({
  consent: consentSchema,
  patientDataConsentFormUpdated: isoDateTimeSchema.nullable(),
  privacyPolicyUrl: z.string(),
});
export type PageState = z.infer<typeof pageStateSchema>;
