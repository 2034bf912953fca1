import { z } from 'zod';
import { passkeyListSchema } from '../passkeys';
import { consentSchema, patientSchema } from '../profile';
import { DEFAULT_REMINDER_SETTING, appointmentRemindersSchema } from '../reminders';

/**
 * account.my-information: the patient (the ward when a guardian acts for one) and their consents.
 * `privacyPolicyUrl` is the brand's privacy policy, linked from the consent form.
 */
export const pageStateSchema = z.object({
  patient: patientSchema,
  consent: consentSchema,
  privacyPolicyUrl: z.string(),
  /** the signed-in person's own passkeys (passkeys.ts); null while acting for a ward, whose page this is not */
  passkeys: passkeyListSchema.nullable().default(null),
  /** the patient's appointment reminders setting (reminders.ts; the server module reminders) */
  reminders: appointmentRemindersSchema.default({ setting: DEFAULT_REMINDER_SETTING }),
});
export type PageState = z.infer<typeof pageStateSchema>;
