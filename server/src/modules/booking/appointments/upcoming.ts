import { and, eq, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/index';
import { slotStartsWithin } from '../../clinics/index';
import { appointments } from '../schema';
import { findAppointmentRows, type AppointmentRow } from './detail';

/** No appointment lasts longer than this; it only narrows the query, the exact end is checked after. */
const LONGEST_APPOINTMENT_MS = 24 * 3_600_000;

/**
 * A patient's appointments that have not ended at `now`, soonest first: reserved and checked-in
 * ones, and with `withProviderCancelled` those the provider cancelled (the list shows their notice).
 * Those the patient cancelled are gone from every list.
 */
export async function upcomingAppointmentRows(db: Database, personId: string, now: Date, withProviderCancelled: boolean): Promise<AppointmentRow[]> {
  const notCancelled = ne(appointments.status, 'cancelled');
  const rows = await findAppointmentRows(
    db,
    { personId },
    and(
      // the slot's time through the clinics module's condition (issue 32): what the joined slot's
      // starts_at > … was (appointments.slot_id is not null and references the slot)
      slotStartsWithin(appointments.slotId, { after: new Date(now.getTime() - LONGEST_APPOINTMENT_MS) }),
      withProviderCancelled ? or(notCancelled, eq(appointments.cancelledBy, 'provider')) : notCancelled,
    ),
  );
  return rows.filter((row) => row.startsAt.getTime() + row.durationMinutes * 60_000 > now.getTime());
}

/**
 * The ids of every patient's reserved (not checked-in, not cancelled) appointments starting in
 * (from, to]: the window the reminders module looks at (reminders.ts).
 */
export async function reservedAppointmentIdsStartingBetween(db: Database, from: Date, to: Date): Promise<number[]> {
  // the slot's time through the clinics module's condition (issue 32), in one statement: what the
  // inner join on the slot with the same range was (appointments.slot_id is not null and references it)
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.status, 'reserved'), slotStartsWithin(appointments.slotId, { after: from, until: to })));
  return rows.map((row) => row.id);
}
