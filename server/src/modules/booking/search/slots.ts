import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, min, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  BOOKING_PAGE_SIZE,
  MAX_DAY_SUGGESTIONS,
  NEIGHBOUR_MUNICIPALITIES,
  type Lang,
  type SearchSuggestions,
  SUGGESTION_COUNT_CAP,
  type Slot,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { addDays, helsinkiInstant, TIME_ZONE } from '../../../util/time';
import { appointmentSlots, clinics, practitioners, specialties } from '../../clinics/schema';
import { appointments } from '../schema';
import { clinicColumns, clinicOf, isVideoKind, practitionerColumns, practitionerOf, PRICE_DETAILS_FEATURE, priceOf, slotColumns, specialtyColumns, specialtyTitleOf } from '../slot-rows';
import { hoursOf, type SearchCriteria } from './criteria';

/** "Extended by one month" (spec part 2 §4): the suggestions look this many days past the search's last day. */
export const SUGGESTION_EXTRA_DAYS = 31;
/** The day suggestions read at most this many slots (in start order) to find their days. */
const DAY_SCAN_ROWS = 500;

export { PRICE_DETAILS_FEATURE, priceOf };

// The zone is a literal, not a parameter: GROUP BY, DISTINCT and ORDER BY must see the very same expression.
const atHelsinki = sql.raw(`at time zone '${TIME_ZONE}'`);
const helsinkiDay = sql<string>`to_char(${appointmentSlots.startsAt} ${atHelsinki}, 'YYYY-MM-DD')`;

/**
 * The WHERE of a search: free (not withdrawn, not started, no active appointment: the anti-join
 * uses the partial unique index on appointments.slot_id), in range, and matching the filter. `now`
 * is a parameter so a page and its calls agree on it.
 */
function whereOf(criteria: SearchCriteria, now: Date): SQL {
  const s = appointmentSlots;
  const conditions: (SQL | undefined)[] = [
    eq(s.withdrawn, false),
    gt(s.startsAt, now),
    gte(s.startsAt, criteria.from),
    lt(s.startsAt, criteria.to),
    notExists(
      sql`(select 1 from ${appointments} where ${appointments.slotId} = ${s.id} and ${appointments.status} <> 'cancelled')`,
    ),
  ];
  const physical = criteria.clinicIds.length ? inArray(s.clinicId, criteria.clinicIds) : eq(s.isRemote, false);
  conditions.push(criteria.includeRemote ? or(physical, eq(s.isRemote, true)) : physical);
  if (criteria.specialtyIds.length) conditions.push(inArray(s.specialtyId, criteria.specialtyIds));
  if (criteria.allowedSpecialtyIds) conditions.push(inArray(s.specialtyId, [...criteria.allowedSpecialtyIds]));
  if (criteria.excludedSpecialtyIds.length) conditions.push(notInArray(s.specialtyId, [...criteria.excludedSpecialtyIds]));
  if (criteria.practitionerIds.length) conditions.push(inArray(s.practitionerId, criteria.practitionerIds));
  if (criteria.requiresRate) conditions.push(isNotNull(practitioners.rate));
  const hours = hoursOf(criteria.timeOfDay);
  if (hours) {
    const hour = sql`extract(hour from ${s.startsAt} ${atHelsinki})`;
    // Inside a CASE: PostgreSQL takes a `>= from and < to` pair on an expression (even negated) for
    // a narrow range, 0.5 % of rows, and then sorts every matching row instead of reading the
    // start-time index in order until the page is full; a CASE it estimates at half the rows.
    conditions.push(sql`(case when ${hour} >= ${hours[0]} and ${hour} < ${hours[1]} then true else false end)`);
  }
  return and(...conditions)!;
}

export interface PageOfSlots {
  appointments: Slot[];
  hasMore: boolean;
}

export interface SlotView {
  lang: Lang;
  /** the price-details feature is on */
  priceDetails: boolean;
}

/** One page of free slots by start time: one query (slots joined to practitioner, specialty and clinic). */
export async function findSlots(db: Database, criteria: SearchCriteria, offset: number, now: Date, view: SlotView): Promise<PageOfSlots> {
  const s = appointmentSlots;
  const rows = await db
    .select({ id: s.id, ...slotColumns, requiresStrongAuth: s.requiresStrongAuth, ...practitionerColumns, ...specialtyColumns, ...clinicColumns })
    .from(s)
    .innerJoin(practitioners, eq(practitioners.id, s.practitionerId))
    .innerJoin(specialties, eq(specialties.id, s.specialtyId))
    .innerJoin(clinics, eq(clinics.id, s.clinicId))
    .where(whereOf(criteria, now))
    .orderBy(asc(s.startsAt), asc(s.id))
    .limit(BOOKING_PAGE_SIZE + 1)
    .offset(offset);
  const isPrivate = criteria.healthcareType === 'private';
  return {
    hasMore: rows.length > BOOKING_PAGE_SIZE,
    appointments: rows.slice(0, BOOKING_PAGE_SIZE).map((row) => ({
      id: String(row.id),
      startDate: row.startsAt.toISOString(),
      durationMinutes: row.durationMinutes,
      practitioner: practitionerOf(row, view.lang),
      specialty: { id: row.specialtyId, title: specialtyTitleOf(row, view.lang) },
      clinic: clinicOf(row),
      kindId: row.kindId,
      // the search lists the slot's own remoteness (a remote clinic's slots come with includeRemote)
      isRemote: row.slotIsRemote,
      isVideo: isVideoKind(row.kindId),
      requiresAuthToReserve: row.requiresStrongAuth,
      price: isPrivate ? priceOf(row.rate, row.additionalFees, view.lang, view.priceDetails) : null,
    })),
  };
}

/** The Helsinki dates in the criteria's range with at least one free slot (the calendar). */
export async function findAvailableDates(db: Database, criteria: SearchCriteria, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ day: helsinkiDay })
    .from(appointmentSlots)
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId))
    .where(whereOf(criteria, now))
    .orderBy(helsinkiDay);
  return rows.map((row) => row.day);
}

/**
 * Spec part 2 §4, §9: with no results, the same search over a range one month longer: the first
 * other days (at most 5) with their first slot and count, and the clinics of the neighbour
 * municipalities of the clinics asked for, with theirs.
 */
export async function findSuggestions(db: Database, criteria: SearchCriteria, lastDay: string, now: Date): Promise<SearchSuggestions> {
  const extended: SearchCriteria = { ...criteria, to: helsinkiInstant(addDays(lastDay, SUGGESTION_EXTRA_DAYS + 1), 0) };
  const neighbourClinicIds = await neighbourClinicsOf(db, criteria.clinicIds);
  // the day query and one query per neighbour clinic go to the database side by side
  const [days, ...clinicCounts] = await Promise.all([
    // the search's own range had nothing: only the extra month can have other days
    daySuggestions(db, { ...extended, from: criteria.to }, now),
    ...neighbourClinicIds.map((clinicId) => firstSlotsCount(db, { ...extended, clinicIds: [clinicId], includeRemote: false }, now)),
  ]);
  const clinicRows = await clinicsByIds(db, neighbourClinicIds);
  return {
    days,
    clinics: neighbourClinicIds
      .map((clinicId, index) => ({ clinicId, ...clinicCounts[index]! }))
      .filter((row) => row.count > 0 && clinicRows.has(row.clinicId))
      .sort((a, b) => a.firstStartDate!.localeCompare(b.firstStartDate!))
      .map((row) => ({ clinic: clinicRows.get(row.clinicId)!, count: row.count, firstStartDate: row.firstStartDate! })),
  };
}

/** The start times of the first `limit` free slots by start time, as a subquery (an index scan that stops there). */
function firstFreeSlots(db: Database, criteria: SearchCriteria, now: Date, limit: number) {
  return db
    .select({ startsAt: appointmentSlots.startsAt })
    .from(appointmentSlots)
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId))
    .where(whereOf(criteria, now))
    .orderBy(asc(appointmentSlots.startsAt))
    .limit(limit)
    .as('first_slots');
}

/**
 * The first days with free slots, each with its first slot and count. Only the first
 * DAY_SCAN_ROWS slots by start time are read (the index's order, so the scan stops early); a last
 * day those rows may have cut short is left out unless it is the only one.
 */
async function daySuggestions(db: Database, criteria: SearchCriteria, now: Date): Promise<SearchSuggestions['days']> {
  const first = firstFreeSlots(db, criteria, now, DAY_SCAN_ROWS);
  const day = sql<string>`to_char(${first.startsAt} ${atHelsinki}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, first: min(first.startsAt), n: count() })
    .from(first)
    .groupBy(day)
    .orderBy(day)
    .limit(MAX_DAY_SUGGESTIONS + 1);
  const scanned = rows.reduce((sum, row) => sum + row.n, 0);
  const complete = scanned < DAY_SCAN_ROWS || rows.length <= 1 ? rows : rows.slice(0, -1);
  return complete.slice(0, MAX_DAY_SUGGESTIONS).map((row) => ({ date: row.day, firstStartDate: new Date(row.first!).toISOString(), count: row.n }));
}

/** The first free slot and the number of free slots, counted up to SUGGESTION_COUNT_CAP (an ordered scan that stops there). */
async function firstSlotsCount(db: Database, criteria: SearchCriteria, now: Date): Promise<{ count: number; firstStartDate: string | null }> {
  const first = firstFreeSlots(db, criteria, now, SUGGESTION_COUNT_CAP);
  const [row] = await db.select({ first: min(first.startsAt), n: count() }).from(first);
  return { count: row?.n ?? 0, firstStartDate: row?.first ? new Date(row.first).toISOString() : null };
}

async function clinicsByIds(db: Database, ids: readonly string[]): Promise<Map<string, SearchSuggestions['clinics'][number]['clinic']>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: clinics.id, name: clinics.name, municipality: clinics.municipality, isRemote: clinics.isRemote }).from(clinics).where(inArray(clinics.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** How long the physical clinics' list is reused: clinics open and close far more rarely. */
const CLINIC_LIST_TTL_MS = 60_000;
const clinicLists = new WeakMap<Database, { at: number; rows: Promise<{ id: string; municipality: string }[]> }>();

/** The physical clinics (id, municipality), cached per database for a minute: one query less per empty search. */
function physicalClinics(db: Database): Promise<{ id: string; municipality: string }[]> {
  const cached = clinicLists.get(db);
  if (cached && Date.now() - cached.at < CLINIC_LIST_TTL_MS) return cached.rows;
  const rows = db.select({ id: clinics.id, municipality: clinics.municipality }).from(clinics).where(eq(clinics.isRemote, false)).then((list) => list);
  rows.catch(() => clinicLists.delete(db));
  clinicLists.set(db, { at: Date.now(), rows });
  return rows;
}

/** The physical clinics in the neighbour municipalities (spec part 2 §9 map) of these clinics', not these. */
async function neighbourClinicsOf(db: Database, clinicIds: readonly string[]): Promise<string[]> {
  if (!clinicIds.length) return [];
  const all = await physicalClinics(db);
  const chosen = new Set(clinicIds);
  const neighbours = new Set(
    all.filter((clinic) => chosen.has(clinic.id)).flatMap((clinic) => NEIGHBOUR_MUNICIPALITIES[clinic.municipality.toLowerCase()] ?? []),
  );
  return all.filter((clinic) => !chosen.has(clinic.id) && neighbours.has(clinic.municipality.toLowerCase())).map((clinic) => clinic.id);
}
