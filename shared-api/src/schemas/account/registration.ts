import { z } from 'zod';
import { langSchema } from '../common';
import { trimmedTextSchema } from '../text';
import {
  emailAddressSchema,
  fieldErrorOf,
  guardianNameSchema,
  guardianPhoneNumberSchema,
  personNameSchema,
  postalCodeSchema,
  postOfficeSchema,
  profilePhoneNumberSchema,
  streetAddressSchema,
  CONTACT_MESSAGE_IDS,
  type ContactMessageId,
} from './contact';

/**
 * Registration as a customer (spec part 2 §2.2 "Registration page", §3 "User form payload" and
 * "Guardian", §5, §9; part 1 §2 "Help / first-time welcome"): the page state of
 * account.registration and account.welcome, and POST /api/user/register.
 *
 * The field rules are contact.ts's (one copy for every form); this file adds only what is the
 * registration's own: who is registered (the person themselves, or the ward a guardian acts for),
 * and the guardians given for a ward (at most 2; the guardian form's zip code message).
 */

export const REGISTER_PATH = '/api/user/register';
/** Spec §9: at most 2 guardians. */
export const MAX_GUARDIANS = 2;

/** The registration's own refusals (message ids; the account catalogue has their texts). */
export const REGISTRATION_MESSAGE_IDS = {
  /** spec §5 Guardian: "zipcode length should be 5 and can only contain numbers" */
  guardianZipCode: 'account.registration.error.guardian-zip-code',
  tooManyGuardians: 'account.registration.error.too-many-guardians',
  guardianRequired: 'account.registration.error.guardian-required',
  guardiansOnlyForWard: 'account.registration.error.guardians-only-for-ward',
  namesOfWardLocked: 'account.registration.error.names-locked',
} as const;
export type RegistrationMessageId = (typeof REGISTRATION_MESSAGE_IDS)[keyof typeof REGISTRATION_MESSAGE_IDS];

/** The guardian form's zip code: contact.ts's postal code rule, refused with the guardian form's own words. */
export const guardianZipCodeSchema = trimmedTextSchema.superRefine((value, ctx) => {
  const error = fieldErrorOf(postalCodeSchema, value);
  if (error) ctx.addIssue({ code: 'custom', message: error === CONTACT_MESSAGE_IDS.postalCode ? REGISTRATION_MESSAGE_IDS.guardianZipCode : error });
});

/** The guardian's address fields: checked only when the guardian does not live with the child. */
export const guardianAddressFieldSchemas = {
  streetAddress: streetAddressSchema,
  zipCode: guardianZipCodeSchema,
  postOffice: postOfficeSchema,
} as const;
export type GuardianAddressField = keyof typeof guardianAddressFieldSchemas;
export const guardianAddressFields = Object.keys(guardianAddressFieldSchemas) as GuardianAddressField[];

/**
 * Spec §3 Guardian: name (max 40), phone (max 20), e-mail (max 100), same address as the child, and
 * otherwise street address, zip code and post office. With the same address the address fields are
 * not asked (the form hides them) and are stored as null.
 */
export const guardianSchema = z
  .strictObject({
    name: guardianNameSchema,
    phone: guardianPhoneNumberSchema,
    emailAddress: emailAddressSchema,
    isGuardianHasSameAddress: z.boolean(),
    streetAddress: trimmedTextSchema.optional(),
    zipCode: trimmedTextSchema.optional(),
    postOffice: trimmedTextSchema.optional(),
  })
  .transform((guardian, ctx) => {
    if (guardian.isGuardianHasSameAddress) {
      return { ...guardian, streetAddress: null, zipCode: null, postOffice: null };
    }
    const address: Record<GuardianAddressField, string | null> = { streetAddress: null, zipCode: null, postOffice: null };
    for (const field of guardianAddressFields) {
      const parsed = guardianAddressFieldSchemas[field].safeParse(guardian[field] ?? '');
      if (parsed.success) address[field] = parsed.data;
      else ctx.addIssue({ code: 'custom', path: [field], message: parsed.error.issues[0]?.message ?? CONTACT_MESSAGE_IDS.required });
    }
    return { ...guardian, ...address };
  });
export type GuardianInput = z.input<typeof guardianSchema>;
export type Guardian = z.output<typeof guardianSchema>;

/**
 * POST /api/user/register?csrfToken= (spec §7, body "not shown"; the names follow §3's user form
 * payload). The subject is never named by the browser: it is the session's (the ward when a
 * guardian acts for one). The server adds the rules that depend on it: names are required for the
 * person themselves and locked (absent) for a ward; guardians are given only for a ward, 1 or 2.
 */
export const registrationRequestSchema = z.strictObject({
  firstName: personNameSchema.optional(),
  lastName: personNameSchema.optional(),
  streetAddress: streetAddressSchema,
  zipCode: postalCodeSchema,
  postOffice: postOfficeSchema,
  emailAddress: emailAddressSchema,
  phoneNumber: profilePhoneNumberSchema,
  /** spec §3: fi, sv or en (en means "other") */
  language: langSchema.optional(),
  guardians: z.array(guardianSchema).max(MAX_GUARDIANS, { message: REGISTRATION_MESSAGE_IDS.tooManyGuardians }).optional(),
});
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
export type ParsedRegistration = z.output<typeof registrationRequestSchema>;

/** docs/product-decisions.md, "Behaviour of API calls": the register call answers success with the updated state. */
export const registrationResponseSchema = z.object({
  type: z.literal('success'),
  patient: z.object({ firstName: z.string(), lastName: z.string(), registered: z.literal(true) }),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Page state: account.registration and account.welcome (the same form)

/** A guardian as the form shows it: every field a string ('' when not given). */
export const guardianFormValuesSchema = z.object({
  name: z.string(),
  phone: z.string(),
  emailAddress: z.string(),
  isGuardianHasSameAddress: z.boolean(),
  streetAddress: z.string(),
  zipCode: z.string(),
  postOffice: z.string(),
});
export type GuardianFormValues = z.infer<typeof guardianFormValuesSchema>;

/** The form's message ids (contact.ts's and the registration's). */
export type RegistrationFieldMessageId = ContactMessageId | RegistrationMessageId;

/**
 * An identity code shown on a form: its date and century sign, the individual number and check
 * character masked (`150385-9013` → `150385-****`).
 */
export function maskIdentityCode(identityCode: string): string {
  return identityCode.length > 7 ? `${identityCode.slice(0, 7)}${'*'.repeat(identityCode.length - 7)}` : '*'.repeat(identityCode.length);
}
