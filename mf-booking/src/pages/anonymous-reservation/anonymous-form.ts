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

/** How long what was typed is offered again: a visitor choosing another time, not the next person at a shared computer. */
export const TYPED_VALUES_KEPT_MS = 15 * 60_000;

const typed: { values: AnonymousValues; at: number } = { values: EMPTY_ANONYMOUS_VALUES, at: 0 };

/**
 * What the visitor typed in the form in this tab within TYPED_VALUES_KEPT_MS, so that choosing
 * another time (back to the list, another slot; or a slot someone else took first) does not ask for
 * it all again (WCAG 2.2 3.3.7 Redundant Entry, issue 33). In memory only, never stored: a reload,
 * closing the tab, a reservation made or a quarter of an hour forgets it (an identity code must not
 * greet the next person at a shared computer).
 */
export function typedAnonymousValues(now = Date.now()): AnonymousValues {
  return now - typed.at <= TYPED_VALUES_KEPT_MS ? typed.values : EMPTY_ANONYMOUS_VALUES;
}

export function keepTypedAnonymousValues(values: AnonymousValues, now = Date.now()): void {
  typed.values = values;
  typed.at = now;
}

export function forgetTypedAnonymousValues(): void {
  typed.values = EMPTY_ANONYMOUS_VALUES;
  typed.at = 0;
}

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
