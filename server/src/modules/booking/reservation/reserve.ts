import { randomBytes } from 'node:crypto';
import { MAX_FUTURE_RESERVATIONS, type HealthcareType, type Lang } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import { appointments } from '../schema';
import { futureReservationCount, lockPerson } from './person';
import { findSlot, slotIsClosed, type SlotRow } from './slot';

/**
 * The reservation itself (spec part 2 §8 "Reservation", issue 13): one transaction that locks the
 * person, checks the slot is open, inserts the appointment and counts the person's future
 * reservations (at most 5; over it the transaction rolls back). Whether the slot is free is never
 * asked first: the partial unique index appointments_active_slot_idx alone decides, so a race
 * between two people has one winner and the other INSERT fails with a unique violation, answered
 * appointmentNotAvailable.
 */

export interface ReservationInput {
  slotId: number;
  /** the patient (the ward when a guardian books) */
  personId: string;
  /** who booked when not the patient (a guardian); null otherwise */
  reservedByPersonId: string | null;
  anonymous: boolean;
  healthcareType: HealthcareType;
  phone: string;
  email: string;
  description: string | null;
  insuranceCompany: string | null;
  reimbursement: 'PAY_AND_REIMBURSE' | 'COMPANY_REIMBURSEMENT' | 'USE_REIMBURSEMENT' | null;
  insuranceConceptCode: string | null;
  dcpContentHash: string | null;
  /** the page's language: the confirmation's and the reminders' (modules/reminders) */
  lang?: Lang;
}

export type ReservationOutcome =
  | { kind: 'reserved'; appointmentId: number; linkToken: string; slot: SlotRow }
  | { kind: 'appointmentNotAvailable' }
  | { kind: 'tooManyReservations' };

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const TOKEN_LENGTH = 24;
const LETTERS = 52;

/**
 * The anonymous appointment link's token (docs/product-decisions.md, "Paths"): 24 characters of base62 from the
 * system's CSPRNG (about 143 bits), always with a letter so it never reads as a numeric id. Each
 * character takes a byte below 248 (4 × 62), so every character is equally likely.
 */
export function newLinkToken(): string {
  for (;;) {
    let token = '';
    while (token.length < TOKEN_LENGTH) {
      for (const byte of randomBytes(TOKEN_LENGTH * 2)) {
        if (byte < 248 && token.length < TOKEN_LENGTH) token += TOKEN_ALPHABET[byte % 62];
      }
    }
    if ([...token].some((char) => TOKEN_ALPHABET.indexOf(char) < LETTERS)) return token;
  }
}

/** PostgreSQL's unique_violation, as node-postgres or PGlite raise it (drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const fields = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (fields.code === '23505') return constraint === undefined || fields.constraint === undefined || fields.constraint === constraint;
    current = fields.cause;
  }
  return false;
}

const ACTIVE_SLOT_INDEX = 'appointments_active_slot_idx';

class Refusal extends Error {
  constructor(readonly outcome: Exclude<ReservationOutcome, { kind: 'reserved' }>) {
    super(outcome.kind);
  }
}

export async function reserveSlot(db: Database, input: ReservationInput, now: Date = new Date()): Promise<ReservationOutcome> {
  try {
    return await withTransaction(db, async (tx) => {
      await lockPerson(tx, input.personId);
      const slot = await findSlot(tx, input.slotId);
      if (!slot || slotIsClosed(slot, now)) throw new Refusal({ kind: 'appointmentNotAvailable' });
      const linkToken = newLinkToken();
      const [row] = await tx
        .insert(appointments)
        .values({
          slotId: input.slotId,
          personId: input.personId,
          reservedByPersonId: input.reservedByPersonId,
          anonymous: input.anonymous,
          healthcareType: input.healthcareType,
          linkToken,
          description: input.description,
          email: input.email,
          phone: input.phone,
          insuranceCompany: input.insuranceCompany,
          reimbursement: input.reimbursement,
          insuranceConceptCode: input.insuranceConceptCode,
          dcpContentHash: input.dcpContentHash,
          lang: input.lang ?? null,
          reservedAt: now,
        })
        .returning({ id: appointments.id });
      // Counted after the INSERT, so that a taken slot (the index's verdict) answers appointmentNotAvailable
      // before the limit; the person's row lock keeps two of their reservations from counting at once.
      if ((await futureReservationCount(tx, input.personId, now)) > MAX_FUTURE_RESERVATIONS) throw new Refusal({ kind: 'tooManyReservations' });
      return { kind: 'reserved' as const, appointmentId: row!.id, linkToken, slot };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    if (isUniqueViolation(error, ACTIVE_SLOT_INDEX)) return { kind: 'appointmentNotAvailable' };
    throw error;
  }
}
