import { and, eq, sql } from 'drizzle-orm';
import type { ChangeTimeResponse } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { joinSlot, slotCatalogueColumns, slotTimeById } from '../../clinics/index';
import { withinCancellationWindow } from '../cancellation';
import { appointments, waitlistEntries } from '../schema';
import { newLinkToken } from './link-token';

/** The driver's error code under drizzle's wrapper (23505: a unique index refused the row). */
function pgCode(error: unknown): unknown {
  const cause = (error as { cause?: unknown }).cause;
  return (cause as { code?: unknown } | undefined)?.code ?? (error as { code?: unknown }).code;
}

export class SlotTakenError extends Error {}

export interface SwapInput {
  /** the appointment being moved: must be the patient's own, reserved */
  appointmentId: number;
  personId: string;
  newSlotId: number;
  cancellationHours: number;
  now: Date;
}

/**
 * "Change time" (issue 13): in ONE transaction, the new appointment is inserted first (the partial
 * unique index guards its slot: someone else holding it makes the INSERT fail, and the whole
 * transaction with it), then the old one is marked cancelled by the patient with
 * movedToAppointmentId. So the old slot is released only once the new one is held, and a failure
 * leaves the old reservation untouched. The waitlist entry follows the appointment.
 * Answers null when `appointmentId` is not the person's reserved appointment (the caller: 404).
 * Runs in the caller's transaction `tx`.
 */
export async function swapAppointment(tx: Database, input: SwapInput): Promise<ChangeTimeResponse | null> {
  const selectOld = tx
    .select({
      id: appointments.id,
      status: appointments.status,
      slotId: appointments.slotId,
      startsAt: slotCatalogueColumns.slot.startsAt,
      row: appointments,
    })
    .from(appointments)
    .$dynamic();
  const [old] = await joinSlot(selectOld, appointments.slotId, [])
    .where(and(eq(appointments.id, input.appointmentId), eq(appointments.personId, input.personId)))
    .for('update', { of: appointments });
  if (!old || old.status === 'cancelled') return null;
  if (old.status !== 'reserved' || withinCancellationWindow(old.startsAt, input.cancellationHours, input.now)) return { type: 'deadlineExceeded' };

  const slot = await slotTimeById(tx, input.newSlotId);
  if (!slot || slot.withdrawn || slot.startsAt.getTime() <= input.now.getTime() || slot.id === old.slotId) return { type: 'appointmentNotAvailable' };

  const { id: _id, slotId: _slot, linkToken: _token, status: _status, reservedAt: _at, checkedInAt: _in, cancelledAt: _c, cancelledBy: _by, movedToAppointmentId: _m, ...kept } = old.row;
  let newId: number;
  try {
    // a savepoint: the refused INSERT must not abort the outer transaction on PostgreSQL
    newId = await tx.transaction(async (inner) => {
      const [inserted] = await inner
        .insert(appointments)
        .values({ ...kept, slotId: slot.id, linkToken: newLinkToken(), reservedAt: input.now })
        .returning({ id: appointments.id });
      return inserted!.id;
    });
  } catch (error) {
    if (pgCode(error) === '23505') return { type: 'appointmentNotAvailable' };
    throw error;
  }
  await tx
    .update(appointments)
    .set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: input.now, movedToAppointmentId: newId })
    .where(eq(appointments.id, old.id));
  await tx.update(waitlistEntries).set({ appointmentId: newId }).where(eq(waitlistEntries.appointmentId, old.id));
  return { type: 'success', appointmentId: String(newId) };
}

/** Free: not withdrawn and no active appointment holds it. */
export const slotIsFree = sql`not ${slotCatalogueColumns.slot.withdrawn} and not exists (select 1 from ${appointments} a where a.slot_id = ${slotCatalogueColumns.slot.id} and a.status <> 'cancelled')`;
