import { and, eq } from 'drizzle-orm';
import { ageOn, parseIdentityCode, type AnonymousCheckInResponse } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { constantTimeEqual } from '../../../util/constant-time';
import { helsinkiToday } from '@portal/shared-i18n';
import { personById } from '../../patients/index';
import { selfCheckInStatusOf, type AppointmentRow } from '../appointments/detail';
import { appointments } from '../schema';

/** The identity code's end part: the individual number and the check character (its last 4). */
export const endPartOf = (identityCode: string): string => identityCode.slice(-4).toUpperCase();

/**
 * The confidentiality (patient data) form counts as not filled when a registered patient has not
 * given the consent, or it has become invalid. A person who only ever reserved anonymously has no
 * portal registration whose form could be missing: they check in. The child variant is for a
 * patient under 18 (spec part 2 §4 "child or adult variant").
 */
function consentOutcome(person: { identityCode: string; registered: boolean; patientDataConsent: 'ok' | 'missing' | 'invalid' }, now: Date): AnonymousCheckInResponse | null {
  const notFilled = person.patientDataConsent === 'invalid' || (person.registered && person.patientDataConsent !== 'ok');
  if (!notFilled) return null;
  const parsed = parseIdentityCode(person.identityCode);
  const isChild = parsed.valid && ageOn(parsed.birthDate, helsinkiToday(now)) < 18;
  return { type: isChild ? 'confidentialityFormNotFilled' : 'confidentialityFormNotFilledAsAdult' };
}

/**
 * Checks the patient of an anonymous link in (spec part 2 §4 "Anonymous appointment flow", §8):
 * the end part compared in constant time; the status moves reserved → checked-in in one guarded
 * UPDATE, so two taps never both succeed.
 */
export async function checkInAnonymously(db: Database, row: AppointmentRow, ssnEndPart: string, now: Date): Promise<AnonymousCheckInResponse> {
  const person = await personById(db, row.personId);
  if (!person) return { type: 'unknownError' };
  if (!constantTimeEqual(endPartOf(person.identityCode), ssnEndPart)) return { type: 'ssnEndPartMismatch' };
  const status = selfCheckInStatusOf(row, now);
  if (status === 'CheckedIn') return { type: 'alreadyCheckedIn' };
  if (status === 'TooEarly') return { type: 'tooEarly' };
  if (status !== 'Allowed') return { type: 'unknownError' };
  const consent = consentOutcome(person, now);
  if (consent) return consent;
  const updated = await db
    .update(appointments)
    .set({ status: 'checked-in', checkedInAt: now })
    .where(and(eq(appointments.id, row.id), eq(appointments.status, 'reserved')))
    .returning({ id: appointments.id });
  if (updated.length === 0) return { type: 'alreadyCheckedIn' };
  return { type: 'success', roomLocation: row.roomLocation };
}
