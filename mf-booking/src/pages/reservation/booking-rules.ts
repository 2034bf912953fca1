import type { HealthcareType, OccupationalConfirmation } from '@portal/shared-api';

const HOUR_MS = 3_600_000;

/**
 * Spec part 2 §5 "Binding checkbox rule": the appointment starts before now plus the cancellation
 * hours. Both are instants, so the comparison holds in Europe/Helsinki across daylight saving time
 * (a 24-hour window is 24 real hours, not "the same clock time tomorrow").
 */
export function isBindingRequired(startDate: string, now: number, cancellationHours: number): boolean {
  return Date.parse(startDate) < now + cancellationHours * HOUR_MS;
}

/** What the logged-in booking button depends on (spec part 2 §5 "Logged-in booking button"). */
export interface BookingButtonInput {
  healthcareType: HealthcareType;
  /** the insurance selection's `valid` (read only for the insurance type) */
  insuranceValid: boolean;
  bindingRequired: boolean;
  bindingChecked: boolean;
  occupationalConfirmation: OccupationalConfirmation;
  occupationalConfirmed: boolean;
  /** phone, email, post office, postal code and street all pass §5's rules */
  contactValid: boolean;
  /** the description is within its limit once trimmed (issue 28: it is kept whole, never cut) */
  descriptionValid: boolean;
  reserving: boolean;
  editingContact: boolean;
}

/** Whether the occupational confirmation checkbox is shown and required. */
export function needsOccupationalConfirmation(healthcareType: HealthcareType, confirmation: OccupationalConfirmation): boolean {
  return healthcareType === 'occupational' && confirmation !== 'none';
}

/**
 * What keeps the booking button disabled, besides a reservation under way, in the order the page
 * shows them. The button and the reason next to it both come from here, so the button is never
 * disabled without the page saying why.
 */
export type BookingBlocker = 'insurance' | 'description' | 'occupational' | 'binding' | 'editingContact' | 'contact';

export function bookingBlockers(input: BookingButtonInput): BookingBlocker[] {
  const blockers: BookingBlocker[] = [];
  if (input.healthcareType === 'insurance' && !input.insuranceValid) blockers.push('insurance');
  if (!input.descriptionValid) blockers.push('description');
  if (needsOccupationalConfirmation(input.healthcareType, input.occupationalConfirmation) && !input.occupationalConfirmed) blockers.push('occupational');
  if (input.bindingRequired && !input.bindingChecked) blockers.push('binding');
  if (input.editingContact) blockers.push('editingContact');
  else if (!input.contactValid) blockers.push('contact');
  return blockers;
}

/** Spec part 2 §5: the booking button is enabled only when every condition holds. */
export function canBook(input: BookingButtonInput): boolean {
  return !input.reserving && bookingBlockers(input).length === 0;
}
