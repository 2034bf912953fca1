import { isValidEmailAddress, isValidFinnishPhoneNumber, normalizeIdentityCode, parseIdentityCode } from '@portal/shared-api';

/**
 * The anonymous reservation form's rules (spec part 2 §5 "Anonymous reservation form"): small pure
 * functions over shared-api's identity-code, phone and e-mail validators, so the form and its tests
 * agree with the server's schema (anonymousReserveAppointmentRequestSchema).
 */

export const SSN_MAX_LENGTH = 11;

export const anonymousFields = ['ssn', 'firstName', 'lastName', 'phone', 'email'] as const;
export type AnonymousField = (typeof anonymousFields)[number];
export type AnonymousValues = Record<AnonymousField, string>;

export const EMPTY_ANONYMOUS_VALUES: AnonymousValues = { ssn: '', firstName: '', lastName: '', phone: '', email: '' };

/** Each field's message id when it is refused. */
export const ANONYMOUS_ERROR_IDS: Record<AnonymousField, string> = {
  ssn: 'booking.anonymousReservation.error.ssn',
  firstName: 'booking.anonymousReservation.error.firstName',
  lastName: 'booking.anonymousReservation.error.lastName',
  phone: 'booking.anonymousReservation.error.phone',
  email: 'booking.anonymousReservation.error.email',
};

/** The identity code as it is checked and sent: trimmed and upper-cased. */
export function normalizeSsn(value: string): string {
  return normalizeIdentityCode(value);
}

const PHONE_CHARACTERS = /^\+?[0-9]+$/;

/** Whether one field's value passes its rule. */
export function isFieldValid(field: AnonymousField, value: string): boolean {
  const trimmed = value.trim();
  switch (field) {
    case 'ssn': {
      const code = normalizeSsn(value);
      return code.length <= SSN_MAX_LENGTH && parseIdentityCode(code).valid;
    }
    case 'firstName':
    case 'lastName':
      return trimmed !== '';
    case 'phone':
      // digits with an optional leading plus, and a Finnish number the clinic can text
      return PHONE_CHARACTERS.test(trimmed) && isValidFinnishPhoneNumber(trimmed);
    case 'email':
      return trimmed !== '' && isValidEmailAddress(trimmed);
  }
}

/** Every refused field. */
export function invalidFields(values: AnonymousValues): AnonymousField[] {
  return anonymousFields.filter((field) => !isFieldValid(field, values[field]));
}

/**
 * Spec §5: 'Your phone number and email are needed for confirmation messages' shows when one of the
 * two is filled and the other was touched but is empty.
 */
export function showsContactHint(values: AnonymousValues, touched: ReadonlySet<AnonymousField>): boolean {
  const phoneFilled = values.phone.trim() !== '';
  const emailFilled = values.email.trim() !== '';
  return (phoneFilled && touched.has('email') && !emailFilled) || (emailFilled && touched.has('phone') && !phoneFilled);
}

export interface AnonymousSubmitState {
  values: AnonymousValues;
  termsAccepted: boolean;
  bindingRequired: boolean;
  bindingChecked: boolean;
  reserving: boolean;
}

/** Spec §5: submit is disabled until every field is valid, the terms (and binding, when required) are ticked, and while reserving. */
export function canSubmitAnonymous({ values, termsAccepted, bindingRequired, bindingChecked, reserving }: AnonymousSubmitState): boolean {
  return invalidFields(values).length === 0 && termsAccepted && (!bindingRequired || bindingChecked) && !reserving;
}
