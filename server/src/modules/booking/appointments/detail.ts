import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { ARRIVAL_REASON_PREFIX, CHECK_IN_OPENS_MINUTES, type AppointmentDetail, type Lang, type LocationType } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { toHelsinkiDate } from '@portal/shared-i18n';
import { joinSlot, slotCatalogueColumns } from '../../clinics/index';
import { withinCancellationWindow } from '../cancellation';
import { markdownToSafeHtml } from '../markdown';
import { appointments } from '../schema';
import {
  clinicAddressColumns,
  clinicColumns,
  clinicOf,
  isRemoteSlot,
  isVideoKind,
  practitionerColumns,
  practitionerOf,
  PRICE_DETAILS_FEATURE,
  priceOf,
  slotColumns,
  specialtyColumns,
  specialtyTitleOf,
} from '../slot-rows';

/**
 * One appointment row as the appointment page (and the anonymous link, the calendar file, change
 * time, the waitlist) shows it: the shared `AppointmentDetail` of shared-api booking/appointment.ts.
 * The rules that decide the page's buttons (check-in status, mayCancel, the cancellation window)
 * are computed here, on the server, at `now`, so the page and the calls agree.
 */

/**
 * Which appointments to read: by numeric id or by the anonymous link's token, `personId` restricting
 * them to one patient's; or every appointment of one patient.
 */
export type AppointmentSelector = ({ appointmentIds: readonly number[] } | { linkToken: string }) & { personId?: string };
export type AppointmentRowSelector = AppointmentSelector | { personId: string };

export { PRICE_DETAILS_FEATURE };

const detailColumns = {
  id: appointments.id,
  personId: appointments.personId,
  slotId: appointments.slotId,
  status: appointments.status,
  cancelledBy: appointments.cancelledBy,
  healthcareType: appointments.healthcareType,
  arrivalReason: appointments.arrivalReason,
  reservedAt: appointments.reservedAt,
  ...slotColumns,
  isSpecificTime: slotCatalogueColumns.slot.isSpecificTime,
  roomLocation: slotCatalogueColumns.slot.roomLocation,
  kindDescription: slotCatalogueColumns.kind.description,
  kindLocationType: slotCatalogueColumns.kind.locationType,
  ...clinicColumns,
  ...clinicAddressColumns,
  arrivalInfo: slotCatalogueColumns.clinic.arrivalInfo,
  ...practitionerColumns,
  ...specialtyColumns,
};

/** A joined row: the appointment with its slot, kind, clinic, practitioner and specialty. */
export type AppointmentRow = {
  [K in keyof typeof detailColumns]: (typeof detailColumns)[K]['_']['notNull'] extends true
    ? (typeof detailColumns)[K]['_']['data']
    : (typeof detailColumns)[K]['_']['data'] | null;
};

/** The joined rows of the selected appointments, soonest first (an empty list when none match). */
export async function findAppointmentRows(db: Database, selector: AppointmentRowSelector, extraWhere?: SQL): Promise<AppointmentRow[]> {
  if ('appointmentIds' in selector && selector.appointmentIds.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    'linkToken' in selector ? eq(appointments.linkToken, selector.linkToken) : undefined,
    'appointmentIds' in selector ? inArray(appointments.id, [...selector.appointmentIds]) : undefined,
    selector.personId ? eq(appointments.personId, selector.personId) : undefined,
    extraWhere,
  ];
  const select = db.select(detailColumns).from(appointments).$dynamic();
  const rows = await joinSlot(select, appointments.slotId, ['kind', 'clinic', 'practitioner', 'specialty'])
    .where(and(...conditions))
    .orderBy(asc(slotCatalogueColumns.slot.startsAt), asc(appointments.id));
  return rows as AppointmentRow[];
}

/**
 * Spec part 2 §4, §9: check-in opens 30 minutes before the start and stays open until the
 * appointment ends; a remote appointment has no reception to check in at.
 */
export function selfCheckInStatusOf(
  row: Pick<AppointmentRow, 'status' | 'startsAt' | 'durationMinutes' | 'slotIsRemote' | 'clinicIsRemote'>,
  now: Date,
): AppointmentDetail['selfCheckInStatus'] {
  if (row.status === 'checked-in') return 'CheckedIn';
  if (row.status !== 'reserved' || row.slotIsRemote || row.clinicIsRemote) return 'NotAvailable';
  const start = row.startsAt.getTime();
  if (now.getTime() >= start + row.durationMinutes * 60_000) return 'NotAvailable';
  if (now.getTime() >= start - CHECK_IN_OPENS_MINUTES * 60_000) return 'Allowed';
  return 'TooEarly';
}

/** Spec part 2 §4: only a reserved appointment, not yet checked in, outside the cancellation window. */
export function mayCancelAt(row: Pick<AppointmentRow, 'status' | 'startsAt'>, now: Date, cancellationHours: number): boolean {
  return row.status === 'reserved' && !withinCancellationWindow(row.startsAt, cancellationHours, now);
}

/** The stored arrival reason without the Finnish prefix it is stored behind (spec part 2 §5). */
export function arrivalReasonWithoutPrefix(stored: string | null): string | null {
  if (stored === null) return null;
  return stored.startsWith(ARRIVAL_REASON_PREFIX) ? stored.slice(ARRIVAL_REASON_PREFIX.length) : stored;
}

function appointmentPriceOf(row: AppointmentRow, lang: Lang, features: readonly string[]): AppointmentDetail['price'] {
  if (row.healthcareType !== 'private') return null;
  return priceOf(row.rate, row.additionalFees ?? [], lang, features.includes(PRICE_DETAILS_FEATURE));
}

function locationTypeOf(row: AppointmentRow, isRemote: boolean): LocationType {
  // A remote slot booked under a physical kind (the catalogue's default kind) is still remote.
  if (isRemote && row.kindLocationType === 'PhysicalLocation') return 'RemoteAppointment';
  return row.kindLocationType;
}

/** The shared AppointmentDetail of one joined row, at `now`. */
export function toAppointmentDetail(row: AppointmentRow, lang: Lang, now: Date, cancellationHours: number, features: readonly string[]): AppointmentDetail {
  const isRemote = isRemoteSlot(row);
  return {
    id: String(row.id),
    kindId: row.kindId,
    kind: row.kindDescription[lang],
    isSpecificTime: row.isSpecificTime,
    startDate: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    isRemote,
    isVideo: isVideoKind(row.kindId),
    locationType: locationTypeOf(row, isRemote),
    healthcareType: row.healthcareType,
    clinic: {
      ...clinicOf(row),
      address: row.street && row.postalCode && row.postOffice ? { street: row.street, postalCode: row.postalCode, postOffice: row.postOffice } : null,
      arrivalInfoHtml: isRemote ? null : markdownToSafeHtml(row.arrivalInfo?.[lang]),
    },
    practitioner: practitionerOf(row, lang),
    specialty: { id: row.specialtyId, title: specialtyTitleOf(row, lang) },
    price: appointmentPriceOf(row, lang, features),
    selfCheckInStatus: selfCheckInStatusOf(row, now),
    hasAppointeeCanceled: row.status === 'cancelled' && row.cancelledBy === 'provider',
    isCancelled: row.status === 'cancelled' && row.cancelledBy !== 'provider',
    mayCancel: mayCancelAt(row, now, cancellationHours),
    withinCancellationWindow: withinCancellationWindow(row.startsAt, cancellationHours, now),
    cancellationHours,
    // The room is told once the patient has checked in; before that, and without one, reception.
    roomLocation: row.status === 'checked-in' ? row.roomLocation : null,
    arrivalReason: arrivalReasonWithoutPrefix(row.arrivalReason),
    reservedDate: toHelsinkiDate(row.reservedAt),
  };
}

/**
 * The details of the selected appointments, soonest first; with `personId`, only that patient's
 * (another patient's id simply is not in the answer: the caller answers not found).
 */
export async function loadAppointmentDetails(
  db: Database,
  selector: AppointmentSelector,
  lang: Lang,
  now: Date,
  cancellationHours: number,
  features: readonly string[],
): Promise<AppointmentDetail[]> {
  const rows = await findAppointmentRows(db, selector);
  return rows.map((row) => toAppointmentDetail(row, lang, now, cancellationHours, features));
}
