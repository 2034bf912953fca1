import { z } from 'zod';
import { MFA_CODE_LENGTH } from '../mfa';
import { langSchema } from '../common';
import { textSchema } from '../text';

/**
 * SMS login (spec part 2 §2.2 "SMS code login page", §3 "MFA status", §4 "MFA (SMS login) toggle"
 * and "Session", §7 POST /api/mfa and POST /api/pin, §8 Account): the toggle's status and action,
 * the SMS code login page of an expired session and the session-timed-out page's state.
 */

/** GET (status) and POST (enable or disable) of the toggle in My information. */
export const MFA_PATH = '/api/mfa';
/** Sends a login code to the verified phone of the person whose session expired. */
export const SMS_LOGIN_CODE_PATH = '/api/pin/code';
/** Answers the login code (spec §7 POST /api/pin). */
export const PIN_PATH = '/api/pin';

/** The environment feature that switches SMS login on (server config/features.ts). */
export const MFA_FEATURE = 'mfa';

/** Spec §3 MFA status. `nextAttempt` (ISO instant) only with too-many-onboarding-attempts. */
export const mfaStatusSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('enabled') }),
  z.object({ type: z.literal('user-has-no-verified-mfa-device') }),
  z.object({ type: z.literal('user-wants-to-enable-mfa') }),
  z.object({ type: z.literal('too-many-onboarding-attempts'), nextAttempt: z.iso.datetime({ offset: true }) }),
  z.object({ type: z.literal('environment-has-mfa-disabled') }),
]);
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export type MfaStatusType = MfaStatus['type'];

/** GET /api/mfa answer; `phoneNumber` (the person's own, as My information shows it) prefills the verification. */
export const mfaStatusResponseSchema = z.object({ status: mfaStatusSchema, phoneNumber: z.string().nullable() });
export type MfaStatusResponse = z.infer<typeof mfaStatusResponseSchema>;

/** POST /api/mfa?csrfToken body. */
export const mfaActionRequestSchema = z.object({ action: z.enum(['enable', 'disable']) });
export type MfaActionRequest = z.infer<typeof mfaActionRequestSchema>;

/** POST /api/mfa answer (docs/product-decisions.md, "Behaviour of API calls": a "not shown" answer is `{ type: 'success', …state }`). */
export const mfaActionResponseSchema = z.object({ type: z.literal('success'), status: mfaStatusSchema });
export type MfaActionResponse = z.infer<typeof mfaActionResponseSchema>;

/** The query of the SMS login calls: the csrfToken the client sends on every state change (unused: there is no live session) and the SMS text's language. */
export const smsLoginQuerySchema = z.object({
  csrfToken: textSchema.max(200).optional(),
  lang: langSchema.default('fi'),
});

/** The last digits of a phone number: all that is ever shown of it. */
export const phoneNumberEndingSchema = z.string().regex(/^\d{1,3}$/);

/** POST /api/pin/code answer: where the code went (the number's ending) and until when it works. */
export const smsLoginCodeResponseSchema = z.object({
  type: z.literal('success'),
  phoneNumberEnding: phoneNumberEndingSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type SmsLoginCodeResponse = z.infer<typeof smsLoginCodeResponseSchema>;

/** POST /api/pin?csrfToken body: the 4-digit code of the SMS. */
export const pinRequestSchema = z.object({
  pin: z.string().regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `Exactly ${MFA_CODE_LENGTH} digits`),
  /** where to go after a successful login (checked as a same-site path on the server) */
  next: textSchema.max(2048).optional(),
});
export type PinRequest = z.infer<typeof pinRequestSchema>;

/**
 * Spec §7 POST /api/pin → mfaResponse:
 * - mfa-ok: a new session is set; go to `next` (the server's safe same-site path);
 * - mfa-challenge-failed: wrong code, `attemptsLeft` more tries;
 * - code-expired: no usable code (never sent, used, or older than its lifetime): ask for a new one;
 * - too-many-mfa-attempts: the expired session was ended for good; log in with bank credentials.
 */
export const mfaResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mfa-ok'), next: z.string() }),
  z.object({ type: z.literal('mfa-challenge-failed'), attemptsLeft: z.number().int().min(1) }),
  z.object({ type: z.literal('code-expired') }),
  z.object({ type: z.literal('too-many-mfa-attempts') }),
]);
export type MfaResponse = z.infer<typeof mfaResponseSchema>;

export const pinResponseSchema = z.object({ mfaResponse: mfaResponseSchema });
export type PinResponse = z.infer<typeof pinResponseSchema>;

/**
 * Who may use SMS login after their session expired. `available`: the expired session is known,
 * the person has SMS login on and a verified phone, of which only the last digits are shown.
 */
export const smsLoginAvailabilitySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('available'), phoneNumberEnding: phoneNumberEndingSchema, codeTtlSeconds: z.number().int().positive() }),
  z.object({ status: z.literal('unavailable') }),
]);
export type SmsLoginAvailability = z.infer<typeof smsLoginAvailabilitySchema>;

/** How many of the phone number's last digits are shown (never more of it). */
export const PHONE_NUMBER_ENDING_DIGITS = 3;

/** '+358 40 555 0101' → '101'. */
export function phoneNumberEnding(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '').slice(-PHONE_NUMBER_ENDING_DIGITS);
}
