import { sql } from 'drizzle-orm';
import { VIDEO_KIND_ID, type Lang, type PriceLine } from '@portal/shared-api';
import { practitionerTitleIn, slotCatalogueColumns, type RateLine } from '../clinics/index';

/**
 * The columns the booking views read of a slot and what it joins (its clinic, practitioner and
 * specialty: the clinics module's joinSlotCatalogue), under one set of names, and the small mappings
 * every view makes of them: the search, the reservation page, the appointment detail, change time
 * and the waitlist select from these.
 */

const { slot, clinic, practitioner, specialty } = slotCatalogueColumns;

/** The slot's time, its remoteness and its kind. */
export const slotColumns = {
  startsAt: slot.startsAt,
  durationMinutes: slot.durationMinutes,
  slotIsRemote: slot.isRemote,
  kindId: slot.kindId,
};

/** The clinic as a slot or an appointment names it (join the slot's clinic). */
export const clinicColumns = {
  clinicId: clinic.id,
  clinicName: clinic.name,
  clinicMunicipality: clinic.municipality,
  clinicIsRemote: clinic.isRemote,
};

/** The clinic's street address (each part may be missing). */
export const clinicAddressColumns = {
  street: clinic.street,
  postalCode: clinic.postalCode,
  postOffice: clinic.postOffice,
};

/** The practitioner as the pages show them, with the rate the private price is made of. */
export const practitionerColumns = {
  practitionerId: practitioner.id,
  firstName: practitioner.firstName,
  lastName: practitioner.lastName,
  practitionerTitle: practitioner.title,
  isResource: practitioner.isResource,
  profilePictureUrl: practitioner.profilePictureUrl,
  rate: practitioner.rate,
  additionalFees: practitioner.additionalFees,
};

/** The specialty's id and its name in the three languages. */
export const specialtyColumns = {
  specialtyId: specialty.id,
  specialtyFi: specialty.nameFi,
  specialtySv: specialty.nameSv,
  specialtyEn: specialty.nameEn,
};

/** A free slot as change time and the earlier-time offer list it (join the slot's clinic). */
export const freeSlotColumns = { id: slot.id, ...slotColumns, ...clinicColumns };

/** "First Last", computed in the query where only the name is wanted (join the slot's practitioner). */
export const practitionerNameSql = sql<string>`${practitioner.firstName} || ' ' || ${practitioner.lastName}`;

type ClinicRow = { clinicId: string; clinicName: string; clinicMunicipality: string; clinicIsRemote: boolean };

/** The clinic in the shape of every booking contract: id, name, municipality, isRemote. */
export function clinicOf(row: ClinicRow): { id: string; name: string; municipality: string; isRemote: boolean } {
  return { id: row.clinicId, name: row.clinicName, municipality: row.clinicMunicipality, isRemote: row.clinicIsRemote };
}

/** A slot is remote when the slot or its clinic is. */
export function isRemoteSlot(row: { slotIsRemote: boolean; clinicIsRemote: boolean }): boolean {
  return row.slotIsRemote || row.clinicIsRemote;
}

export function isVideoKind(kindId: string): boolean {
  return kindId === VIDEO_KIND_ID;
}

/** A row of freeSlotColumns in the shape of change time's and the earlier-time offer's slot. */
export function freeSlotOf(slot: { id: number; startsAt: Date; durationMinutes: number; slotIsRemote: boolean; kindId: string } & ClinicRow) {
  return {
    id: String(slot.id),
    startDate: slot.startsAt.toISOString(),
    durationMinutes: slot.durationMinutes,
    clinic: clinicOf(slot),
    isRemote: isRemoteSlot(slot),
    isVideo: isVideoKind(slot.kindId),
  };
}

export function practitionerNameOf(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`;
}

export function specialtyTitleOf(row: { specialtyFi: string; specialtySv: string; specialtyEn: string }, lang: Lang): string {
  return { fi: row.specialtyFi, sv: row.specialtySv, en: row.specialtyEn }[lang];
}

type PractitionerRow = {
  practitionerId: number;
  firstName: string;
  lastName: string;
  practitionerTitle: string;
  isResource: boolean;
  profilePictureUrl: string | null;
};

/** The practitioner in the shape of every booking contract, the title in the page's language. */
export function practitionerOf(row: PractitionerRow, lang: Lang) {
  return {
    id: String(row.practitionerId),
    name: practitionerNameOf(row),
    title: practitionerTitleIn(row.practitionerTitle, lang),
    isResource: row.isResource,
    profilePictureUrl: row.profilePictureUrl,
  };
}

/** The price-details feature: the 'from' price comes with its breakdown (spec part 2 §6). */
export const PRICE_DETAILS_FEATURE = 'price-details';

const euros = (cents: number): string => (cents / 100).toFixed(2);

/** The private type's estimate (spec part 2 §3, §6, §9): 'from' the rate plus the additional fees; the lines with price-details. */
export function priceOf(rate: RateLine | null, fees: readonly RateLine[], lang: Lang, withLines: boolean): { fromEuros: string; lines: PriceLine[] | null } | null {
  if (!rate) return null;
  const line = (item: RateLine): PriceLine => ({ code: item.code, description: item.name[lang], priceEuros: euros(item.cents) });
  return {
    fromEuros: euros(rate.cents + fees.reduce((sum, fee) => sum + fee.cents, 0)),
    lines: withLines ? [line(rate), ...fees.map(line)] : null,
  };
}
