/**
 * The contact fields' lengths (spec part 2 §5 "Contact info"), apart from contact.ts's validation:
 * a form's inputs need only these, and contact.ts brings libphonenumber-js's metadata with it.
 */

export const STREET_ADDRESS_MIN_LENGTH = 2;
export const STREET_ADDRESS_MAX_LENGTH = 30;
export const POSTAL_CODE_LENGTH = 5;
export const POST_OFFICE_MIN_LENGTH = 2;
export const POST_OFFICE_MAX_LENGTH = 30;
/** The longest e-mail address accepted (spec §5 "max 100"). */
export const EMAIL_MAX_LENGTH = 100;
/** The phone number's length, spaces removed, in the profile form and in the guardian form. */
export const PROFILE_PHONE_MAX_LENGTH = 15;
export const GUARDIAN_PHONE_MAX_LENGTH = 20;
/** A phone number has 5 to 20 digits (the + and spaces not counted). */
export const PHONE_MIN_DIGITS = 5;
export const PHONE_MAX_DIGITS = 20;
export const GUARDIAN_NAME_MAX_LENGTH = 40;
/** Spec §5: first and last name are read-only, 2 to 50 characters. */
export const PERSON_NAME_MIN_LENGTH = 2;
export const PERSON_NAME_MAX_LENGTH = 50;
/** The international prefix a Finnish number is written with. */
export const FINNISH_COUNTRY_PREFIX = '+358';

/**
 * What a phone field does when it loses focus, and what every request's phone number is stored as
 * (spec §5): spaces are removed and a leading 0 is written as +358 (`040 123 4567` →
 * `+358401234567`). Anything else is left as typed, for the validation to judge. Here rather than in
 * contact.ts so that the SMS login's light forms share it without libphonenumber-js's metadata.
 */
export function normalizePhoneOnBlur(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.startsWith('0') ? `${FINNISH_COUNTRY_PREFIX}${compact.slice(1)}` : compact;
}
