import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Brand, HealthcareType, OccupationalConfirmation, Patient, PatientConcept, ReservationRegistration } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { slotStartsWithin } from '../../clinics/index';
import { lockPersonRow, personByExactIdentityCode, personById as patientById, type Person } from '../../patients/index';
import { appointments, occupationalContracts, patientConcepts } from '../schema';

/**
 * What the reservation needs to know of the person booked for: registration and consent (the
 * account module's rule), credit-worthiness, the occupational contract and the insurance concepts.
 */

/**
 * The account module's rule (mf-account's consent form, server/src/modules/account/profile): the
 * patient data consent is needed while it is not 'ok' or the consent form has never been saved.
 */
export function registrationOf(registered: boolean, patient: Pick<Patient, 'patientDataConsent' | 'patientDataConsentFormUpdated'>): ReservationRegistration {
  if (!registered) return 'unregistered';
  if (patient.patientDataConsent !== 'ok' || patient.patientDataConsentFormUpdated === null) return 'consent-needed';
  return 'ok';
}

export interface OccupationalContract {
  webReservation: boolean;
  contractProductIds: string[];
}

export async function occupationalContractOf(db: Database, personId: string): Promise<OccupationalContract | null> {
  const [row] = await db
    .select({ webReservation: occupationalContracts.webReservation, contractProductIds: occupationalContracts.contractProductIds })
    .from(occupationalContracts)
    .where(eq(occupationalContracts.personId, personId));
  return row ?? null;
}

/** Why an occupational booking cannot go on, or null when it can (spec §6: adult brand, a contract with web reservation). */
export function occupationalRefusal(brand: Brand, contract: OccupationalContract | null): 'no-occupational-healthcare' | 'no-web-reservation' | null {
  if (brand !== 'adult' || !contract) return 'no-occupational-healthcare';
  return contract.webReservation ? null : 'no-web-reservation';
}

export async function patientConceptsOf(db: Database, personId: string): Promise<PatientConcept[]> {
  return db
    .select({ code: patientConcepts.code, directReimbursementAllowed: patientConcepts.directReimbursementAllowed })
    .from(patientConcepts)
    .where(eq(patientConcepts.personId, personId))
    .orderBy(asc(patientConcepts.code));
}

export interface PersonFacts {
  id: string;
  identityCode: string;
  givenName: string;
  familyName: string;
  registered: boolean;
  creditWorthy: boolean;
  patientDataConsent: 'ok' | 'missing' | 'invalid';
}

/** The facts the reservation reads of the person's row (the patients module's, issue 32). */
function factsOf(person: Person | null): PersonFacts | null {
  if (!person) return null;
  const { id, identityCode, givenName, familyName, registered, creditWorthy, patientDataConsent } = person;
  return { id, identityCode, givenName, familyName, registered, creditWorthy, patientDataConsent };
}

export async function personById(db: Database, personId: string): Promise<PersonFacts | null> {
  return factsOf(await patientById(db, personId));
}

/** The person of an identity code (already normalised: trimmed, upper case). */
export async function personByIdentityCode(db: Database, identityCode: string): Promise<PersonFacts | null> {
  return factsOf(await personByExactIdentityCode(db, identityCode));
}

/**
 * Locks the person's row until the transaction ends, so that two reservations for one person are
 * counted one after the other and the limit holds under concurrency.
 */
export async function lockPerson(tx: Database, personId: string): Promise<void> {
  await lockPersonRow(tx, personId);
}

/** The person's active reservations that have not started (docs/product-decisions.md, "Reservations and cancellation": at most 5). */
export async function futureReservationCount(db: Database, personId: string, now: Date): Promise<number> {
  // the slot's time through the clinics module's condition (issue 32): one statement, as the count
  // runs under the person's lock; appointments.slot_id is not null and references the slot, so
  // the exists is what the inner join on the slot was
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(eq(appointments.personId, personId), ne(appointments.status, 'cancelled'), slotStartsWithin(appointments.slotId, { after: now })));
  return row?.n ?? 0;
}

/** Compares names as people type them: surrounding spaces, case and inner runs of spaces do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (value: string) => value.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi');
  return norm(a) === norm(b);
}

/** Specialist doctors' specialties (docs/product-decisions.md, "Occupational confirmation groups"). */
const SPECIALIST_SPECIALTIES = new Set(['ENDO', 'GYN', 'NNA', 'GRG']);
/** Psychology and physiotherapy (a contract and a referral). */
const THERAPY_SPECIALTIES = new Set(['PSY', 'FYS']);
const GENERAL_PRACTICE = 'YLE';
const REFERRAL_ONLY = 'TPSG';

/** Spec part 2 §5 "Occupational confirmation text by specialty", by the groups of docs/product-decisions.md, "Occupational confirmation groups". */
export function occupationalConfirmationOf(healthcareType: HealthcareType, specialtyId: string): OccupationalConfirmation {
  if (healthcareType !== 'occupational') return 'none';
  if (specialtyId === REFERRAL_ONLY) return 'referral';
  if (THERAPY_SPECIALTIES.has(specialtyId)) return 'contract-and-referral';
  if (SPECIALIST_SPECIALTIES.has(specialtyId)) return 'contract-and-doctors-referral';
  if (specialtyId === GENERAL_PRACTICE) return 'none';
  return 'contract';
}
