import { z } from 'zod';
import { kelaCardResponseSchema } from '../kela';
import { passkeyListSchema } from '../passkeys';
import { consentSchema, patientSchema } from '../profile';
import { DEFAULT_REMINDER_SETTING, appointmentRemindersSchema } from '../reminders';
import { mfaStatusResponseSchema } from '../sms-login';

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
  /**
   * The sections that otherwise ask for their own data once they run, as GET /api/mfa and GET
   * /api/kela-card answer, so the server's copy of the page is whole and the shell may wait for the
   * visitor (issue 31). null from a server that does not send them: the section asks, as before.
   */
  smsLogin: mfaStatusResponseSchema.nullable().default(null),
  kelaCard: kelaCardResponseSchema.nullable().default(null),
});
export type PageState = z.infer<typeof pageStateSchema>;
