import { z } from 'zod';
import { isoDateTimeSchema, langSchema } from '../common';
import { textSchema } from '../text';
import {
  emailAddressSchema,
  postalCodeSchema,
  postOfficeSchema,
  profilePhoneNumberSchema,
  streetAddressSchema,
} from './contact';
import { localPagePathSchema } from './save-action';

/**
 * My information and the patient data consent (spec part 2 §2.2, §3 Patient, Consent, User form
 * payload, Contact update payload, §4, §7): the page states of account.my-information and
 * account.data-processing, and the bodies and answers of PUT /api/user, POST /api/user and
 * POST /api/user/consent. Field rules are contact.ts's.
 */

export const PROFILE_USER_PATH = '/api/user';
export const PROFILE_CONSENT_PATH = '/api/user/consent';

/** spec §3: fi, sv or en, where en means "other" (the form says Finnish, Swedish, Other). */
export const profileLanguages = ['fi', 'sv', 'en'] as const;
export const profileLanguageSchema = z.enum(profileLanguages);
export type ProfileLanguage = z.infer<typeof profileLanguageSchema>;

/** people.patient_data_consent: ok, missing or invalid. */
export const patientDataConsentStatusSchema = z.enum(['ok', 'missing', 'invalid']);
export type PatientDataConsentStatus = z.infer<typeof patientDataConsentStatusSchema>;

export const postalAddressSchema = z.object({
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  postOffice: z.string().nullable(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** spec §3 Patient. `ssn` is masked (registration.ts's maskIdentityCode: `150385-****`); null values were never given. */
export const patientSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  ssn: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  language: profileLanguageSchema.nullable(),
  postalAddress: postalAddressSchema,
  /** when the consent form was last saved; null: never (the first consent needs the privacy policy read) */
  patientDataConsentFormUpdated: isoDateTimeSchema.nullable(),
  patientDataConsent: patientDataConsentStatusSchema,
});
export type Patient = z.infer<typeof patientSchema>;

/** spec §3 Consent: five permissions. allowsViewingOccupationalInformation is asked on the adult brand only. */
export const consentFields = [
  'allowsCommonRegistry',
  'allowsViewingOccupationalInformation',
  'allowsMarketingMail',
  'allowsTreatmentInstructionsMail',
  'allowsBookingSms',
] as const;
export type ConsentField = (typeof consentFields)[number];
/** The consent asked only on the adult brand (spec §6: the occupational register consent). */
export const ADULT_ONLY_CONSENT: ConsentField = 'allowsViewingOccupationalInformation';

export const consentSchema = z.object({
  allowsCommonRegistry: z.boolean(),
  allowsViewingOccupationalInformation: z.boolean(),
  allowsMarketingMail: z.boolean(),
  allowsTreatmentInstructionsMail: z.boolean(),
  allowsBookingSms: z.boolean(),
});
export type Consent = z.infer<typeof consentSchema>;

// ---------------------------------------------------------------------------------------------
// Page states

// ---------------------------------------------------------------------------------------------
// Calls

/** Query of the state-changing calls (the shell's client adds csrfToken; the consent call names the page's language). */
export const profileQuerySchema = z.object({ csrfToken: textSchema.optional() });
export const consentQuerySchema = z.object({ csrfToken: textSchema.optional(), lang: langSchema.optional() });

/** PUT /api/user (body: contact.ts's contactUpdateRequestSchema): answered with the saved contact details (trimmed, the phone as +358…). */
export const contactUpdateResponseSchema = z.object({
  type: z.literal('success'),
  patient: z.object({
    streetAddress: z.string(),
    postalCode: z.string(),
    postOffice: z.string(),
    emailAddress: z.string(),
    phoneNumber: z.string(),
  }),
});
export type ContactUpdateResponse = z.infer<typeof contactUpdateResponseSchema>;

/**
 * POST /api/user (spec §3 "User form payload", §7): the profile with its language, the page's
 * language (`lang`) and the page to go to after saving (`next`, a page path of this site). Guardians
 * travel only in registration's own call.
 */
export const userFormRequestSchema = z.strictObject({
  emailAddress: emailAddressSchema,
  phoneNumber: profilePhoneNumberSchema,
  streetAddress: streetAddressSchema,
  zipCode: postalCodeSchema,
  postOffice: postOfficeSchema,
  language: profileLanguageSchema,
  lang: langSchema,
  next: localPagePathSchema.optional(),
});
export type UserFormRequest = z.input<typeof userFormRequestSchema>;

/** The answer: the saved patient and where to go (`next`, or null to stay). */
export const userFormResponseSchema = z.object({
  type: z.literal('success'),
  patient: patientSchema,
  next: z.string().nullable(),
});
export type UserFormResponse = z.infer<typeof userFormResponseSchema>;

/**
 * POST /api/user/consent?lang=: the five booleans; on the children's brand the occupational one is
 * not asked and must be left out.
 */
export const consentRequestSchema = z.strictObject({
  allowsCommonRegistry: z.boolean(),
  allowsViewingOccupationalInformation: z.boolean().optional(),
  allowsMarketingMail: z.boolean(),
  allowsTreatmentInstructionsMail: z.boolean(),
  allowsBookingSms: z.boolean(),
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

export const consentResponseSchema = z.object({
  type: z.literal('success'),
  consent: consentSchema,
  patientDataConsentFormUpdated: isoDateTimeSchema,
  patientDataConsent: patientDataConsentStatusSchema,
});
export type ConsentResponse = z.infer<typeof consentResponseSchema>;
