import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  ARRIVAL_REASON_PREFIX,
  CHECK_IN_OPENS_MINUTES,
  VIDEO_KIND_ID,
  type AppointmentDetail,
  type Lang,
  type LocationType,
  type PriceLine,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { helsinkiDate } from '../../../util/time';
import { appointmentKinds, appointmentSlots, clinics, practitioners, specialties, type RateLine } from '../../clinics/schema';
import { practitionerTitleIn } from '../../clinics/vocabulary';
import { withinCancellationWindow } from '../cancellation';
import { markdownToSafeHtml } from '../markdown';
import { appointments } from '../schema';

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

/** The feature that shows the private price's breakdown (spec part 2 §6). */
export const PRICE_DETAILS_FEATURE = 'price-details';

const detailColumns = {
  id: appointments.id,
  personId: appointments.personId,
  slotId: appointments.slotId,
  status: appointments.status,
  cancelledBy: appointments.cancelledBy,
  healthcareType: appointments.healthcareType,
  arrivalReason: appointments.arrivalReason,
  reservedAt: appointments.reservedAt,
  startsAt: appointmentSlots.startsAt,
  durationMinutes: appointmentSlots.durationMinutes,
  slotIsRemote: appointmentSlots.isRemote,
  isSpecificTime: appointmentSlots.isSpecificTime,
  roomLocation: appointmentSlots.roomLocation,
  kindId: appointmentSlots.kindId,
  kindDescription: appointmentKinds.description,
  kindLocationType: appointmentKinds.locationType,
  clinicId: clinics.id,
  clinicName: clinics.name,
  clinicMunicipality: clinics.municipality,
  clinicIsRemote: clinics.isRemote,
  street: clinics.street,
  postalCode: clinics.postalCode,
  postOffice: clinics.postOffice,
  arrivalInfo: clinics.arrivalInfo,
  practitionerId: practitioners.id,
  firstName: practitioners.firstName,
  lastName: practitioners.lastName,
  practitionerTitle: practitioners.title,
  isResource: practitioners.isResource,
  profilePictureUrl: practitioners.profilePictureUrl,
  rate: practitioners.rate,
  additionalFees: practitioners.additionalFees,
  specialtyId: specialties.id,
  specialtyFi: specialties.nameFi,
  specialtySv: specialties.nameSv,
  specialtyEn: specialties.nameEn,
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
  const rows = await db
    .select(detailColumns)
    .from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .innerJoin(appointmentKinds, eq(appointmentKinds.id, appointmentSlots.kindId))
    .innerJoin(clinics, eq(clinics.id, appointmentSlots.clinicId))
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId))
    .innerJoin(specialties, eq(specialties.id, appointmentSlots.specialtyId))
    .where(and(...conditions))
    .orderBy(asc(appointmentSlots.startsAt), asc(appointments.id));
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

const euros = (cents: number): string => (cents / 100).toFixed(2);

function priceOf(row: AppointmentRow, lang: Lang, features: readonly string[]): AppointmentDetail['price'] {
  if (row.healthcareType !== 'private' || !row.rate) return null;
  const fees: RateLine[] = row.additionalFees ?? [];
  const total = row.rate.cents + fees.reduce((sum, fee) => sum + fee.cents, 0);
  const line = (rate: RateLine): PriceLine => ({ code: rate.code, description: rate.name[lang], priceEuros: euros(rate.cents) });
  return { fromEuros: euros(total), lines: features.includes(PRICE_DETAILS_FEATURE) ? [line(row.rate), ...fees.map(line)] : null };
}

function locationTypeOf(row: AppointmentRow, isRemote: boolean): LocationType {
  // A remote slot booked under a physical kind (the catalogue's default kind) is still remote.
  if (isRemote && row.kindLocationType === 'PhysicalLocation') return 'RemoteAppointment';
  return row.kindLocationType;
}

/** The shared AppointmentDetail of one joined row, at `now`. */
export function toAppointmentDetail(row: AppointmentRow, lang: Lang, now: Date, cancellationHours: number, features: readonly string[]): AppointmentDetail {
  const isRemote = row.slotIsRemote || row.clinicIsRemote;
  const specialtyTitle = { fi: row.specialtyFi, sv: row.specialtySv, en: row.specialtyEn }[lang];
  return {
    id: String(row.id),
    kindId: row.kindId,
    kind: row.kindDescription[lang],
    isSpecificTime: row.isSpecificTime,
    startDate: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    isRemote,
    isVideo: row.kindId === VIDEO_KIND_ID,
    locationType: locationTypeOf(row, isRemote),
    healthcareType: row.healthcareType,
    clinic: {
      id: row.clinicId,
      name: row.clinicName,
      municipality: row.clinicMunicipality,
      isRemote: row.clinicIsRemote,
      address: row.street && row.postalCode && row.postOffice ? { street: row.street, postalCode: row.postalCode, postOffice: row.postOffice } : null,
      arrivalInfoHtml: isRemote ? null : markdownToSafeHtml(row.arrivalInfo?.[lang]),
    },
    practitioner: {
      id: String(row.practitionerId),
      name: `${row.firstName} ${row.lastName}`,
      title: practitionerTitleIn(row.practitionerTitle, lang),
      isResource: row.isResource,
      profilePictureUrl: row.profilePictureUrl,
    },
    specialty: { id: row.specialtyId, title: specialtyTitle },
    price: priceOf(row, lang, features),
    selfCheckInStatus: selfCheckInStatusOf(row, now),
    hasAppointeeCanceled: row.status === 'cancelled' && row.cancelledBy === 'provider',
    isCancelled: row.status === 'cancelled' && row.cancelledBy !== 'provider',
    mayCancel: mayCancelAt(row, now, cancellationHours),
    withinCancellationWindow: withinCancellationWindow(row.startsAt, cancellationHours, now),
    cancellationHours,
    // The room is told once the patient has checked in; before that, and without one, reception.
    roomLocation: row.status === 'checked-in' ? row.roomLocation : null,
    arrivalReason: arrivalReasonWithoutPrefix(row.arrivalReason),
    reservedDate: helsinkiDate(row.reservedAt),
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
