import { and, asc, eq, getTableName, gt, inArray, isNotNull, isNull, lte, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { appointmentKinds, appointmentSlots, clinics, practitioners, practitionerSpecialties, specialties, type LocalizedContent, type RateLine } from './schema';

/**
 * The catalogue's reads for the other modules (issue 32: they use the clinics module through its
 * public entry, never its tables). A list that names practitioners, specialties or clinics reads
 * its own rows first and then these by id: one batched statement per kind (no N+1), where the
 * statement used to join the catalogue. The other modules' foreign keys to the catalogue make the
 * join and the lookup agree: a referenced row always exists.
 */

export type Practitioner = typeof practitioners.$inferSelect;
export type Specialty = typeof specialties.$inferSelect;
export type Clinic = typeof clinics.$inferSelect;
export type { LocalizedContent, RateLine } from './schema';

/** The practitioners of `ids` by id, in one statement; none asked, none read. */
export async function practitionersByIds(db: Database, ids: readonly number[]): Promise<Map<number, Practitioner>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(practitioners).where(inArray(practitioners.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The specialties of `ids` by id, in one statement; none asked, none read. */
export async function specialtiesByIds(db: Database, ids: readonly string[]): Promise<Map<string, Specialty>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(specialties).where(inArray(specialties.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The clinics of `ids` by id, in one statement; none asked, none read. */
export async function clinicsByIds(db: Database, ids: readonly string[]): Promise<Map<string, Clinic>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(clinics).where(inArray(clinics.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The specialty of `id`, or null. */
export async function specialtyById(db: Database, id: string): Promise<Specialty | null> {
  const [row] = await db.select().from(specialties).where(eq(specialties.id, id));
  return row ?? null;
}

/** The ids of the specialties the practitioner practises, in id order. */
export async function specialtyIdsOfPractitioner(db: Database, practitionerId: number): Promise<string[]> {
  const rows = await db
    .select({ id: practitionerSpecialties.specialtyId })
    .from(practitionerSpecialties)
    .where(eq(practitionerSpecialties.practitionerId, practitionerId))
    .orderBy(asc(practitionerSpecialties.specialtyId));
  return rows.map((row) => row.id);
}

/** A clinic as a list of clinics names it. */
export type ClinicSummary = Pick<Clinic, 'id' | 'name' | 'municipality' | 'isRemote'>;

/** The physical (not remote) clinics, in no particular order. */
export async function physicalClinics(db: Database): Promise<ClinicSummary[]> {
  return db
    .select({ id: clinics.id, name: clinics.name, municipality: clinics.municipality, isRemote: clinics.isRemote })
    .from(clinics)
    .where(eq(clinics.isRemote, false));
}

/** The physical (not remote) clinics by municipality, then name (the database's collation). */
export async function physicalClinicsByMunicipality(db: Database): Promise<Clinic[]> {
  return db.select().from(clinics).where(eq(clinics.isRemote, false)).orderBy(asc(clinics.municipality), asc(clinics.name));
}

/** Which specialties a list offers: only those `allowed` (null: any), never those `excluded`. */
export interface SpecialtyFilter {
  allowed: readonly string[] | null;
  excluded: readonly string[];
}

function specialtyFilterSql(filter: SpecialtyFilter): SQL | undefined {
  return and(
    filter.allowed ? inArray(specialties.id, [...filter.allowed]) : undefined,
    filter.excluded.length ? notInArray(specialties.id, [...filter.excluded]) : undefined,
  );
}

/** The specialties `filter` lets through, in no particular order. */
export async function specialtiesWhere(db: Database, filter: SpecialtyFilter): Promise<Specialty[]> {
  return db.select().from(specialties).where(specialtyFilterSql(filter));
}

/** A practitioner as a search's filter lists them: with the ids of their specialties the filter lets through. */
export interface PractitionerWithSpecialties {
  id: number;
  firstName: string;
  lastName: string;
  title: string;
  isResource: boolean;
  /** in id order */
  specialtyIds: string[];
}

/**
 * The practitioners who practise a specialty `filter` lets through (with `withRateOnly`, only those
 * with a private rate), by last name, then first name.
 */
export async function practitionersWithSpecialties(
  db: Database,
  filter: SpecialtyFilter & { withRateOnly: boolean },
): Promise<PractitionerWithSpecialties[]> {
  return db
    .select({
      id: practitioners.id,
      firstName: practitioners.firstName,
      lastName: practitioners.lastName,
      title: practitioners.title,
      isResource: practitioners.isResource,
      specialtyIds: sql<string[]>`array_agg(${practitionerSpecialties.specialtyId} order by ${practitionerSpecialties.specialtyId})`,
    })
    .from(practitioners)
    .innerJoin(practitionerSpecialties, eq(practitionerSpecialties.practitionerId, practitioners.id))
    .innerJoin(specialties, eq(specialties.id, practitionerSpecialties.specialtyId))
    .where(and(specialtyFilterSql(filter), filter.withRateOnly ? isNotNull(practitioners.rate) : undefined))
    .groupBy(practitioners.id)
    .orderBy(asc(practitioners.lastName), asc(practitioners.firstName));
}

/**
 * The clinics where practitioners (one, or all with null) have slots starting after `now` (not
 * withdrawn, free or not), each pair once, by practitioner and clinic.
 */
export async function practitionerClinicsWithSlotsAfter(
  db: Database,
  practitionerId: number | null,
  now: Date,
): Promise<{ practitionerId: number; clinicId: string }[]> {
  return db
    .selectDistinct({ practitionerId: appointmentSlots.practitionerId, clinicId: appointmentSlots.clinicId })
    .from(appointmentSlots)
    .where(
      and(
        gt(appointmentSlots.startsAt, now),
        eq(appointmentSlots.withdrawn, false),
        practitionerId === null ? undefined : eq(appointmentSlots.practitionerId, practitionerId),
      ),
    )
    .orderBy(asc(appointmentSlots.practitionerId), asc(appointmentSlots.clinicId));
}

/** The slot's start and whether it was withdrawn, or null when there is no such slot. */
export async function slotTimeById(db: Database, slotId: number): Promise<{ id: number; startsAt: Date; withdrawn: boolean } | null> {
  const [row] = await db
    .select({ id: appointmentSlots.id, startsAt: appointmentSlots.startsAt, withdrawn: appointmentSlots.withdrawn })
    .from(appointmentSlots)
    .where(eq(appointmentSlots.id, slotId));
  return row ?? null;
}

/**
 * A condition on another module's row that names a slot (`slotId`, e.g. booking's
 * `appointments.slot_id`): the slot starts after `after` (and, with `until`, at or before it).
 * `exists (select 1 from appointment_slots where id = <slotId> and starts_at > … [and starts_at <= …])`:
 * a narrow query-building helper rather than a second lookup, for the statements that count or
 * pick rows by their slot's time in one statement (a limit, a count, a lock); a column that is
 * not null and references the slot makes it what an inner join on the slot with the same
 * condition was (issue 32).
 */
export function slotStartsWithin(slotId: AnyColumn, range: { after: Date; until?: Date }): SQL {
  // the outer row's column qualified in full: drizzle writes a single-table select's columns bare
  const outerSlotId = sql`${sql.identifier(getTableName(slotId.table))}.${sql.identifier(slotId.name)}`;
  const conditions = and(
    sql`${appointmentSlots.id} = ${outerSlotId}`,
    gt(appointmentSlots.startsAt, range.after),
    range.until ? lte(appointmentSlots.startsAt, range.until) : undefined,
  );
  return sql`exists (select 1 from ${appointmentSlots} where ${conditions})`;
}

/** Every practitioner, by id (the demo seeds find theirs by name). */
export async function allPractitioners(db: Database): Promise<Practitioner[]> {
  return db.select().from(practitioners).orderBy(asc(practitioners.id));
}

/** "First Last", as the portal shows a practitioner (SQL's `first_name || ' ' || last_name`). */
export function practitionerFullName(practitioner: Pick<Practitioner, 'firstName' | 'lastName'>): string {
  return `${practitioner.firstName} ${practitioner.lastName}`;
}

/** The specialty's name in `lang` (its name_fi, name_sv or name_en column). */
export function specialtyNameIn(specialty: Pick<Specialty, 'nameFi' | 'nameSv' | 'nameEn'>, lang: Lang): string {
  if (lang === 'sv') return specialty.nameSv;
  if (lang === 'en') return specialty.nameEn;
  return specialty.nameFi;
}

// The demo seeds' writes (booking's appointments add to the catalogue the times they reserve).

/** An appointment kind, unless one with its id is there (the demo seeds). */
export async function insertAppointmentKindIfMissing(db: Database, kind: typeof appointmentKinds.$inferInsert): Promise<void> {
  await db.insert(appointmentKinds).values(kind).onConflictDoNothing();
}

/** The arrival info of every physical clinic that has none (the demo seeds). */
export async function setMissingArrivalInfo(db: Database, arrivalInfo: LocalizedContent): Promise<void> {
  await db.update(clinics).set({ arrivalInfo }).where(and(eq(clinics.isRemote, false), isNull(clinics.arrivalInfo)));
}

/** The rate and additional fees of the practitioners of `lastNames` that have no rate (the demo seeds). */
export async function setMissingRates(db: Database, lastNames: readonly string[], rate: RateLine, additionalFees: RateLine[]): Promise<void> {
  await db
    .update(practitioners)
    .set({ rate, additionalFees })
    .where(and(inArray(practitioners.lastName, [...lastNames]), isNull(practitioners.rate)));
}

/** Inserts an appointment slot (the demo seeds) and answers its id. */
export async function insertSlot(db: Database, slot: typeof appointmentSlots.$inferInsert): Promise<number> {
  const [row] = await db.insert(appointmentSlots).values(slot).returning({ id: appointmentSlots.id });
  if (!row) throw new Error('the slot was not inserted');
  return row.id;
}
