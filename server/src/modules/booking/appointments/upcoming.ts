import { and, eq, gt, ne, or } from 'drizzle-orm';
import type { Database } from '../../../db/index';
import { appointmentSlots } from '../../clinics/schema';
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
      gt(appointmentSlots.startsAt, new Date(now.getTime() - LONGEST_APPOINTMENT_MS)),
      withProviderCancelled ? or(notCancelled, eq(appointments.cancelledBy, 'provider')) : notCancelled,
    ),
  );
  return rows.filter((row) => row.startsAt.getTime() + row.durationMinutes * 60_000 > now.getTime());
}
