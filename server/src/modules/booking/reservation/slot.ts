import { and, eq, ne } from 'drizzle-orm';
import { type HealthcareType, type Lang, type LocationType, type ReservationAppointment, type ReservationPriceInfo } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { fromSlots, joinSlotCatalogue, slotCatalogueColumns, specialtyIdsOfPractitioner } from '../../clinics/index';
import { markdownToSafeHtml } from '../markdown';
import { appointments } from '../schema';
import {
  clinicAddressColumns,
  clinicColumns,
  clinicOf,
  isRemoteSlot,
  isVideoKind,
  practitionerColumns,
  practitionerNameOf,
  practitionerOf,
  PRICE_DETAILS_FEATURE,
  priceOf,
  slotColumns,
  specialtyColumns,
  specialtyTitleOf,
} from '../slot-rows';

export { practitionerNameOf, specialtyTitleOf };

/**
 * One slot as the reservation page and the reserve calls see it (spec part 2 §3 "Appointment
 * (reservation page)"): the slot with its clinic, kind, practitioner and specialty, and whether it
 * can still be reserved.
 */

const reservationSlotColumns = {
  id: slotCatalogueColumns.slot.id,
  ...slotColumns,
  requiresStrongAuth: slotCatalogueColumns.slot.requiresStrongAuth,
  withdrawn: slotCatalogueColumns.slot.withdrawn,
  kindDescription: slotCatalogueColumns.kind.description,
  kindLocationType: slotCatalogueColumns.kind.locationType,
  kindReservationInfo: slotCatalogueColumns.kind.reservationInfo,
  ...clinicColumns,
  ...clinicAddressColumns,
  ...practitionerColumns,
  practitionerReservationInfo: slotCatalogueColumns.practitioner.reservationInfo,
  ...specialtyColumns,
  specialtyReservationInfo: slotCatalogueColumns.specialty.reservationInfo,
};

export type SlotRow = Awaited<ReturnType<typeof selectSlot>>[number];

function selectSlot(db: Database, slotId: number) {
  return joinSlotCatalogue(fromSlots(db.select(reservationSlotColumns)), ['kind', 'clinic', 'practitioner', 'specialty']).where(
    eq(slotCatalogueColumns.slot.id, slotId),
  );
}

/** The largest slot id a path may name (the column is a 32-bit integer; a longer number names nothing). */
const MAX_SLOT_ID = 2_147_483_647;

/** The slot's id from a path or payload (digits), or null when it cannot name a slot. */
export function slotIdOf(text: string): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_SLOT_ID ? id : null;
}

/** The joined slot, or null when there is no such slot. */
export async function findSlot(db: Database, slotId: number): Promise<SlotRow | null> {
  const [row] = await selectSlot(db, slotId);
  return row ?? null;
}

/** Whether an active (reserved or checked-in) appointment holds the slot. */
export async function slotIsHeld(db: Database, slotId: number): Promise<boolean> {
  const [held] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.slotId, slotId), ne(appointments.status, 'cancelled')))
    .limit(1);
  return held !== undefined;
}

/** The slot can no longer be reserved: it has started or the provider withdrew it (being held is asked separately). */
export function slotIsClosed(slot: Pick<SlotRow, 'startsAt' | 'withdrawn'>, now: Date): boolean {
  return slot.withdrawn || slot.startsAt.getTime() <= now.getTime();
}

export const slotIsRemote = isRemoteSlot;

function locationTypeOf(slot: SlotRow): LocationType {
  // A remote slot booked under a physical kind (the catalogue's default kind) is still remote.
  if (slotIsRemote(slot) && slot.kindLocationType === 'PhysicalLocation') return 'RemoteAppointment';
  return slot.kindLocationType;
}

/** specialtyData.specialties[].id: the slot's specialty first, then the practitioner's others. */
async function specialtyIdsOf(db: Database, slot: SlotRow): Promise<string[]> {
  const practised = await specialtyIdsOfPractitioner(db, slot.practitionerId);
  return [slot.specialtyId, ...practised.filter((id) => id !== slot.specialtyId)];
}

/** The page's appointment, with the CMS reservation info of the kind, the practitioner and the specialty as sanitised HTML. */
export async function toReservationAppointment(db: Database, slot: SlotRow, lang: Lang): Promise<ReservationAppointment> {
  const hasAddress = slot.street && slot.postalCode && slot.postOffice;
  return {
    id: String(slot.id),
    startDate: slot.startsAt.toISOString(),
    durationMinutes: slot.durationMinutes,
    isRemote: slotIsRemote(slot),
    isVideo: isVideoKind(slot.kindId),
    requiresAuthToReserve: slot.requiresStrongAuth,
    locationType: locationTypeOf(slot),
    clinic: {
      ...clinicOf(slot),
      address: hasAddress ? { street: slot.street!, postalCode: slot.postalCode!, postOffice: slot.postOffice! } : null,
    },
    kind: { id: slot.kindId, title: slot.kindDescription[lang], reservationInfoHtml: markdownToSafeHtml(slot.kindReservationInfo?.[lang]) },
    practitioner: {
      ...practitionerOf(slot, lang),
      reservationInfoHtml: markdownToSafeHtml(slot.practitionerReservationInfo?.[lang]),
    },
    specialty: { id: slot.specialtyId, title: specialtyTitleOf(slot, lang), reservationInfoHtml: markdownToSafeHtml(slot.specialtyReservationInfo?.[lang]) },
    specialtyIds: await specialtyIdsOf(db, slot),
  };
}

/** Spec part 2 §3 priceInfo, §6: the private type only; the rate plus the additional fees, 'from'; the lines with price-details. */
export function priceInfoOf(slot: SlotRow, healthcareType: HealthcareType, lang: Lang, features: readonly string[]): ReservationPriceInfo | null {
  if (healthcareType !== 'private') return null;
  return priceOf(slot.rate, slot.additionalFees ?? [], lang, features.includes(PRICE_DETAILS_FEATURE));
}
