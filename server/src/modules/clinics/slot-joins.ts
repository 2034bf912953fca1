import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgSelectBuilder, PgSelectJoin, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { appointmentKinds, appointmentSlots, clinics, practitioners, specialties } from './schema';

/**
 * Query-building helpers for another module's statements that must read or filter slots with their
 * clinic, practitioner, specialty or kind inside one statement (issue 32: they use the clinics
 * module through its public entry, never its tables): booking's search pages in start order with an
 * offset, a reservation's slot, an appointment locked with its slot's time, the front page's summary.
 * A batched second lookup (catalogue.ts) cannot filter, order or page by the catalogue's columns,
 * nor read them under the same snapshot and lock, so these join instead.
 *
 * The tables stay here: a statement selects and filters by `slotCatalogueColumns`, starts from the
 * slots with `fromSlots` (or joins the slot another table names with `joinSlot`) and joins the parts
 * it reads with `joinSlotCatalogue`; a statement written as SQL uses `slotsWithCatalogueSql` or
 * `joinSlotSql`. Each part is an inner join on the slot's not-null foreign key, so it never adds
 * nor drops a slot's row.
 */

/** What a slot names in the catalogue, each joined on the slot's column of it. */
export type SlotCataloguePart = 'kind' | 'clinic' | 'practitioner' | 'specialty';

/**
 * The columns a statement built with these helpers may select, filter and order by: the slot's own,
 * and those of each part once `joinSlotCatalogue` (or the SQL variants) joined it.
 */
export const slotCatalogueColumns = {
  slot: {
    id: appointmentSlots.id,
    clinicId: appointmentSlots.clinicId,
    practitionerId: appointmentSlots.practitionerId,
    specialtyId: appointmentSlots.specialtyId,
    startsAt: appointmentSlots.startsAt,
    durationMinutes: appointmentSlots.durationMinutes,
    isRemote: appointmentSlots.isRemote,
    kindId: appointmentSlots.kindId,
    requiresStrongAuth: appointmentSlots.requiresStrongAuth,
    isSpecificTime: appointmentSlots.isSpecificTime,
    roomLocation: appointmentSlots.roomLocation,
    withdrawn: appointmentSlots.withdrawn,
  },
  kind: {
    description: appointmentKinds.description,
    locationType: appointmentKinds.locationType,
    reservationInfo: appointmentKinds.reservationInfo,
  },
  clinic: {
    id: clinics.id,
    name: clinics.name,
    municipality: clinics.municipality,
    isRemote: clinics.isRemote,
    street: clinics.street,
    postalCode: clinics.postalCode,
    postOffice: clinics.postOffice,
    arrivalInfo: clinics.arrivalInfo,
  },
  practitioner: {
    id: practitioners.id,
    firstName: practitioners.firstName,
    lastName: practitioners.lastName,
    title: practitioners.title,
    isResource: practitioners.isResource,
    profilePictureUrl: practitioners.profilePictureUrl,
    rate: practitioners.rate,
    additionalFees: practitioners.additionalFees,
    reservationInfo: practitioners.reservationInfo,
  },
  specialty: {
    id: specialties.id,
    nameFi: specialties.nameFi,
    nameSv: specialties.nameSv,
    nameEn: specialties.nameEn,
    reservationInfo: specialties.reservationInfo,
  },
} as const;

const partJoins: Record<SlotCataloguePart, { table: PgTable; on: SQL }> = {
  kind: { table: appointmentKinds, on: eq(appointmentKinds.id, appointmentSlots.kindId) },
  clinic: { table: clinics, on: eq(clinics.id, appointmentSlots.clinicId) },
  practitioner: { table: practitioners, on: eq(practitioners.id, appointmentSlots.practitionerId) },
  specialty: { table: specialties, on: eq(specialties.id, appointmentSlots.specialtyId) },
};

interface PartTables {
  kind: typeof appointmentKinds;
  clinic: typeof clinics;
  practitioner: typeof practitioners;
  specialty: typeof specialties;
}

/** `Query` with `Parts` inner-joined, as drizzle would type it with each part joined by hand. */
export type WithSlotCatalogue<Query extends PgSelect, Parts extends readonly SlotCataloguePart[]> = Parts extends readonly [
  infer Part extends SlotCataloguePart,
  ...infer Rest extends readonly SlotCataloguePart[],
]
  ? WithSlotCatalogue<PgSelectJoin<Query, true, 'inner', PartTables[Part]>, Rest>
  : Query;

/**
 * `select … from appointment_slots`: `fromSlots(db.select({ … }))` (or `db.selectDistinct`), then
 * `joinSlotCatalogue` and the rest of the statement. A dynamic query (drizzle's `$dynamic`), so
 * the joins can be added to it.
 */
export function fromSlots<Selection extends SelectedFields>(select: PgSelectBuilder<Selection>) {
  return select.from(appointmentSlots).$dynamic();
}

/**
 * Joins the parts of the slot already in `query` (`fromSlots` or `joinSlot`), in the order given.
 * The parts are a list so one call says what the statement reads; drizzle's types follow one join
 * at a time, hence the cast to the type those joins would have had (WithSlotCatalogue).
 */
export function joinSlotCatalogue<Query extends PgSelect, const Parts extends readonly SlotCataloguePart[]>(
  query: Query,
  parts: Parts,
): WithSlotCatalogue<Query, Parts> {
  let joined: PgSelect = query;
  for (const part of parts) joined = joined.innerJoin(partJoins[part].table, partJoins[part].on);
  return joined as WithSlotCatalogue<Query, Parts>;
}

/**
 * Joins the slot another table's row names (`inner join appointment_slots on appointment_slots.id =
 * <slotId>`, e.g. booking's `appointments.slot_id`), then its `parts` (`[]`: the slot alone).
 */
export function joinSlot<Query extends PgSelect, const Parts extends readonly SlotCataloguePart[]>(
  query: Query,
  slotId: AnyPgColumn,
  parts: Parts,
): WithSlotCatalogue<PgSelectJoin<Query, true, 'inner', typeof appointmentSlots>, Parts> {
  return joinSlotCatalogue(query.innerJoin(appointmentSlots, eq(appointmentSlots.id, slotId)), parts);
}

function partsSql(parts: readonly SlotCataloguePart[]): SQL[] {
  return parts.map((part) => sql` inner join ${partJoins[part].table} on ${partJoins[part].on}`);
}

/** For a statement written as SQL: `from ${slotsWithCatalogueSql(parts)}` is the slots with their `parts` joined. */
export function slotsWithCatalogueSql(parts: readonly SlotCataloguePart[]): SQL {
  return sql.join([sql`${appointmentSlots}`, ...partsSql(parts)]);
}

/** For a statement written as SQL: joins the slot `slotId` names (an expression of the outer row), then its `parts`. */
export function joinSlotSql(slotId: SQL | AnyPgColumn, parts: readonly SlotCataloguePart[] = []): SQL {
  return sql.join([sql`inner join ${appointmentSlots} on ${appointmentSlots.id} = ${slotId}`, ...partsSql(parts)]);
}
