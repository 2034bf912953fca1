import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import { BOOKING_PAGE_SIZE, CHANGE_TIME_WEEKS, type ChangeTimeSlotPage, type Lang, type MovableAppointment } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { fromSlots, joinSlotCatalogue, slotCatalogueColumns } from '../../clinics/index';
import type { AppointmentRow } from '../appointments/detail';
import { toAppointmentDetail } from '../appointments/detail';
import { freeSlotOf, freeSlotColumns } from '../slot-rows';
import { slotIsFree } from './swap';

/** The appointment being moved, as the change-time and earlier-time pages show it. */
export function toMovable(row: AppointmentRow, lang: Lang, now: Date, cancellationHours: number): MovableAppointment {
  const detail = toAppointmentDetail(row, lang, now, cancellationHours, []);
  const { address: _address, arrivalInfoHtml: _info, ...clinic } = detail.clinic;
  return {
    id: detail.id,
    startDate: detail.startDate,
    durationMinutes: detail.durationMinutes,
    kind: detail.kind,
    practitioner: detail.practitioner,
    specialty: detail.specialty,
    clinic,
    isRemote: detail.isRemote,
  };
}

/**
 * The same practitioner's free slots from now to CHANGE_TIME_WEEKS ahead, soonest first,
 * BOOKING_PAGE_SIZE at a time (spec part 2 §9's page size), never the appointment's own slot.
 */
export async function loadChangeTimeSlots(db: Database, row: AppointmentRow, offset: number, now: Date): Promise<ChangeTimeSlotPage> {
  const until = new Date(now.getTime() + CHANGE_TIME_WEEKS * 7 * 86_400_000);
  const slot = slotCatalogueColumns.slot;
  const rows = await joinSlotCatalogue(fromSlots(db.select(freeSlotColumns)), ['clinic'])
    .where(
      and(
        eq(slot.practitionerId, row.practitionerId),
        ne(slot.id, row.slotId),
        gt(slot.startsAt, now),
        lt(slot.startsAt, until),
        slotIsFree,
      ),
    )
    .orderBy(asc(slot.startsAt), asc(slot.id))
    .limit(BOOKING_PAGE_SIZE + 1)
    .offset(offset);
  return {
    slots: rows.slice(0, BOOKING_PAGE_SIZE).map(freeSlotOf),
    hasMore: rows.length > BOOKING_PAGE_SIZE,
  };
}
