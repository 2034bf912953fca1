import { z } from 'zod';
import { textSchema } from './text';
import { langSchema } from './common';
import { normalizePhoneOnBlur } from './account/contact-limits';

/** spec part 1 §9: the SMS code has 4 digits */
export const MFA_CODE_LENGTH = 4;
/** spec part 1 §9: a phone number needs at least 6 digits */
export const MFA_PHONE_MIN_DIGITS = 6;

const PHONE_PATTERN = new RegExp(`^\\+?\\d{${MFA_PHONE_MIN_DIGITS},}$`);

/**
 * The SMS login's number as it is stored and texted: normalised exactly as the contact forms'
 * numbers are (spaces removed, a leading 0 written +358), so "040 123 4567" typed here and on My
 * information is one number.
 */
export function normalizePhoneNumber(input: string): string {
  return normalizePhoneOnBlur(input.trim());
}

/**
 * Spec part 1 §5's own rule for this field: an optional leading plus followed by at least 6 digits,
 * spaces allowed. Unlike the profile's Finnish-only rule it takes a foreign number (SMS login goes to
 * whatever phone the person carries), and it needs no libphonenumber-js metadata, which the shell's
 * front page, where the onboarding box lives, would otherwise load for everyone.
 */
export function isValidPhoneNumber(input: string): boolean {
  return PHONE_PATTERN.test(input.replace(/\s+/g, ''));
}

/** POST /api/mfa-onboarding?csrfToken&lang body */
export const mfaOnboardingRequestSchema = z.object({
  phoneNumber: textSchema
    .max(40)
    .refine(isValidPhoneNumber, { message: 'An optional + followed by at least 6 digits' }),
});
export type MfaOnboardingRequest = z.infer<typeof mfaOnboardingRequestSchema>;

export const mfaOnboardingRequestQuerySchema = z.object({
  csrfToken: textSchema.optional(),
  lang: langSchema.default('fi'),
});

/** POST answer (the client does not read it, spec part 1 §7) */
export const mfaOnboardingRequestResponseSchema = z.object({ type: z.literal('success') });

/** PUT /api/mfa-onboarding?csrfToken body */
export const mfaChallengeAnswerSchema = z.object({
  challengeResponseFromUser: z.string().regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `Exactly ${MFA_CODE_LENGTH} digits`),
});
export type MfaChallengeAnswer = z.infer<typeof mfaChallengeAnswerSchema>;

export const mfaChallengeOutcomeSchema = z.enum(['mfa-ok', 'mfa-challenge-failed', 'too-many-mfa-attempts']);
export type MfaChallengeOutcome = z.infer<typeof mfaChallengeOutcomeSchema>;

/** PUT answer: { data: { type } } (spec part 1 §7) */
export const mfaChallengeResponseSchema = z.object({ data: z.object({ type: mfaChallengeOutcomeSchema }) });
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;

/** GET /api/dev/sms-outbox?phoneNumber= (APP_ENV=development only): the test SMS gateway's messages, newest first */
export const smsOutboxQuerySchema = z.object({ phoneNumber: textSchema.min(1).max(40) });
export const smsOutboxResponseSchema = z.object({
  messages: z.array(z.object({ phoneNumber: z.string(), text: z.string(), sentAt: z.string() })),
});
export type SmsOutboxResponse = z.infer<typeof smsOutboxResponseSchema>;
