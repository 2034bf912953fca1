import { isValidPhoneNumber as isValidNumberForRegion, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { trimmedTextSchema } from '../text';
import {
  STREET_ADDRESS_MIN_LENGTH,
  STREET_ADDRESS_MAX_LENGTH,
  POSTAL_CODE_LENGTH,
  POST_OFFICE_MIN_LENGTH,
  POST_OFFICE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PROFILE_PHONE_MAX_LENGTH,
  GUARDIAN_PHONE_MAX_LENGTH,
  PHONE_MIN_DIGITS,
  PHONE_MAX_DIGITS,
  GUARDIAN_NAME_MAX_LENGTH,
  PERSON_NAME_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  normalizePhoneOnBlur,
} from './contact-limits';

/**
 * Contact details as a person types them (spec part 2 §5 "Contact info", "Profile email", "Phone
 * (profile)", "Street address", "Guardian"): one zod schema per field, used by the my-information
 * contact form, the registration and guardian forms, the reservation page's contact block and the
 * server's validation of PUT/POST /api/user, so that the browser and the server refuse the same
 * input with the same words.
 *
 * Every refusal's `message` is a stable message id from CONTACT_MESSAGE_IDS (never prose); the
 * forms translate it from the account catalogue (`mf-account/messages/*.json`), and the server
 * answers it in `details[].message` of its 400 ValidationError. A field has at most one refusal at
 * a time (the first that applies), so a form shows one line per field.
 *
 * Every text is trimmed before it is checked (spec: "values trimmed on save"); the phone number is
 * also normalised (spaces removed, a leading 0 written +358) so that it is stored in one form.
 */

export * from './contact-limits';

/** The message ids of every refusal (the account catalogue has a text for each, in fi, sv and en). */
export const CONTACT_MESSAGE_IDS = {
  required: 'account.contact.error.required',
  streetAddressLength: 'account.contact.error.street-address-length',
  postalCode: 'account.contact.error.postal-code',
  postOfficeLength: 'account.contact.error.post-office-length',
  email: 'account.contact.error.email',
  emailTooLong: 'account.contact.error.email-too-long',
  phone: 'account.contact.error.phone',
  phoneTooLong: 'account.contact.error.phone-too-long',
  nameLength: 'account.contact.error.name-length',
  guardianNameTooLong: 'account.contact.error.guardian-name-too-long',
} as const;
export type ContactMessageId = (typeof CONTACT_MESSAGE_IDS)[keyof typeof CONTACT_MESSAGE_IDS];

const M = CONTACT_MESSAGE_IDS;

/** Trims every string value of a form's values (spec §5: values trimmed on save); other values stay. */
export function trimValues<T extends Record<string, unknown>>(values: T): T {
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) trimmed[key] = typeof value === 'string' ? value.trim() : value;
  return trimmed as T;
}

/**
 * A required text of `min` to `max` characters after trimming: empty → required, otherwise outside
 * the bounds → `lengthMessage`.
 */
function requiredTextSchema(min: number, max: number, lengthMessage: ContactMessageId) {
  return trimmedTextSchema.superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: M.required });
    else if (value.length < min || value.length > max) ctx.addIssue({ code: 'custom', message: lengthMessage });
  });
}

/** Street address: required, 2 to 30 characters. */
export const streetAddressSchema = requiredTextSchema(STREET_ADDRESS_MIN_LENGTH, STREET_ADDRESS_MAX_LENGTH, M.streetAddressLength);

/** Post office: required, 2 to 30 characters. */
export const postOfficeSchema = requiredTextSchema(POST_OFFICE_MIN_LENGTH, POST_OFFICE_MAX_LENGTH, M.postOfficeLength);

/** First or last name (read-only in the forms; checked where a form sends them): 2 to 50 characters. */
export const personNameSchema = requiredTextSchema(PERSON_NAME_MIN_LENGTH, PERSON_NAME_MAX_LENGTH, M.nameLength);

const POSTAL_CODE_PATTERN = new RegExp(`^[0-9]{${POSTAL_CODE_LENGTH}}$`);

/** Postal code: required, exactly 5 digits once trimmed. */
export const postalCodeSchema = trimmedTextSchema.superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: M.required });
  else if (!POSTAL_CODE_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: M.postalCode });
});

const emailFormatSchema = z.email();

/** Whether `value` (already trimmed) is one valid e-mail address: no spaces, one address, at most 100 characters. */
export function isValidEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && !/\s/.test(value) && emailFormatSchema.safeParse(value).success;
}

/** Profile e-mail: required; no spaces; one valid address (never a list); at most 100 characters. */
export const emailAddressSchema = trimmedTextSchema.superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: M.required });
  else if (value.length > EMAIL_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: M.emailTooLong });
  else if (!isValidEmailAddress(value)) ctx.addIssue({ code: 'custom', message: M.email });
});

const FINNISH_PHONE_PATTERN = /^(\+358|0)[0-9]+$/;

/**
 * Whether `value` is a Finnish phone number the clinic can call and text (spec §5 "Phone (profile)"):
 * written with +358 or 0, spaces allowed, 5 to 20 digits, and a number libphonenumber-js's full
 * metadata knows as assigned in Finland. Reserved ranges are refused: numbers Finland has not
 * assigned (e.g. 012…, +358 1…) and premium-rate service numbers (0600, 0700), which cannot receive
 * a booking SMS.
 */
export function isValidFinnishPhoneNumber(value: string): boolean {
  const compact = value.replace(/\s+/g, '');
  if (!FINNISH_PHONE_PATTERN.test(compact)) return false;
  const digits = compact.replace(/\D/g, '').length;
  if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return false;
  if (!isValidNumberForRegion(compact, 'FI')) return false;
  const parsed = parsePhoneNumberFromString(compact, 'FI');
  return parsed?.country === 'FI' && parsed.getType() !== 'PREMIUM_RATE';
}

/**
 * A Finnish phone number at most `maxLength` characters long once its spaces are removed (15 in the
 * profile, 20 in the guardian form). The parsed value is normalised as on blur (`+358…`, no spaces).
 */
export function phoneNumberSchema(maxLength: number = PROFILE_PHONE_MAX_LENGTH) {
  return trimmedTextSchema
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: M.required });
      else if (value.replace(/\s+/g, '').length > maxLength) ctx.addIssue({ code: 'custom', message: M.phoneTooLong });
      else if (!isValidFinnishPhoneNumber(value)) ctx.addIssue({ code: 'custom', message: M.phone });
    })
    .transform(normalizePhoneOnBlur);
}

export const profilePhoneNumberSchema = phoneNumberSchema(PROFILE_PHONE_MAX_LENGTH);
export const guardianPhoneNumberSchema = phoneNumberSchema(GUARDIAN_PHONE_MAX_LENGTH);

/** Guardian's name: required, at most 40 characters. */
export const guardianNameSchema = trimmedTextSchema.superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: 'custom', message: M.required });
  else if (value.length > GUARDIAN_NAME_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: M.guardianNameTooLong });
});

/**
 * The message id of the first refusal of `value` by `schema`, or null when it is accepted: what a
 * form shows under one field as the person types.
 */
export function fieldErrorOf(schema: z.ZodType, value: unknown): ContactMessageId | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return (result.error.issues[0]?.message ?? M.required) as ContactMessageId;
}

/** The contact block's fields (the my-information form and the reservation page). */
export const contactFieldNames = ['streetAddress', 'postalCode', 'postOffice', 'emailAddress', 'phoneNumber'] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];

/**
 * PUT /api/user (spec §3 "Contact update payload", §7): the contact block's five fields, each by
 * its rule; the answer is `contactUpdateResponseSchema` (profile.ts).
 */
export const contactUpdateRequestSchema = z.strictObject({
  streetAddress: streetAddressSchema,
  postalCode: postalCodeSchema,
  postOffice: postOfficeSchema,
  emailAddress: emailAddressSchema,
  phoneNumber: profilePhoneNumberSchema,
});
export type ContactUpdateRequest = z.input<typeof contactUpdateRequestSchema>;
export type ContactDetails = z.output<typeof contactUpdateRequestSchema>;

/** Each field's message id, or null, for a set of form values. */
export function contactFieldErrors(values: Record<ContactFieldName, string>): Record<ContactFieldName, ContactMessageId | null> {
  const shape = contactUpdateRequestSchema.shape;
  return {
    streetAddress: fieldErrorOf(shape.streetAddress, values.streetAddress),
    postalCode: fieldErrorOf(shape.postalCode, values.postalCode),
    postOffice: fieldErrorOf(shape.postOffice, values.postOffice),
    emailAddress: fieldErrorOf(shape.emailAddress, values.emailAddress),
    phoneNumber: fieldErrorOf(shape.phoneNumber, values.phoneNumber),
  };
}
