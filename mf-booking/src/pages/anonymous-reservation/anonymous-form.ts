import { anonymousReserveAppointmentRequestSchema, normalizeIdentityCode, normalizePhoneOnBlur } from '@portal/shared-api';

/**
 * The anonymous reservation form's rules (spec part 2 §5 "Anonymous reservation form"): each field
 * is checked by its own schema in the server's anonymousReserveAppointmentRequestSchema, so the
 * form accepts exactly what the server does: the phone by the one phone parser of My information
 * and registration (`040 123 4567` and `+358 40 123 4567` alike, issue 28), every text trimmed
 * before its length counts.
 */

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

/** The phone number as it is shown once left and sent: spaces removed, a leading 0 written +358. */
export function normalizePhone(value: string): string {
  return normalizePhoneOnBlur(value.trim());
}

const request = anonymousReserveAppointmentRequestSchema.shape;
const SCHEMAS = {
  ssn: request.ssn,
  firstName: request.firstName,
  lastName: request.lastName,
  phone: request.phone,
  email: request.emailAddress,
} satisfies Record<AnonymousField, { safeParse(value: unknown): { success: boolean } }>;

/** Whether one field's value passes its rule (the server's schema of the field). */
export function isFieldValid(field: AnonymousField, value: string): boolean {
  return SCHEMAS[field].safeParse(value).success;
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
