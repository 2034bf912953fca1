import { and, asc, eq, gt, gte, isNotNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { addDays, helsinkiInstant, TIME_ZONE } from '@portal/shared-i18n';
import { fromSlots, joinSlotCatalogue, physicalClinics, slotCatalogueColumns, slotsWithCatalogueSql } from '../../clinics/index';
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
const helsinkiDay = sql<string>`to_char(${slotCatalogueColumns.slot.startsAt} ${atHelsinki}, 'YYYY-MM-DD')`;

/**
 * Which conditions a search has: the statement's text depends on these alone (the lists, times and
 * offset are parameters), so each shape is built and prepared once and PostgreSQL can keep its plan.
 */
/**
 * A list filter: absent, one value (`= $n`), or several (`= any($n)`). One value is its own shape:
 * PostgreSQL estimates `clinic_id = any('{TKR}')` far above `clinic_id = 'TKR'` and then walks the
 * start-time index past thousands of other clinics' slots (measured: 25 ms instead of 10 under load).
 */
type ListShape = 0 | 1 | 2;
const listShapeOf = (values: readonly unknown[]): ListShape => (values.length === 0 ? 0 : values.length === 1 ? 1 : 2);
const listParam = <T>(values: readonly T[]): T | readonly T[] => (values.length === 1 ? values[0]! : values);

interface Shape {
  clinics: ListShape;
  includeRemote: boolean;
  specialties: ListShape;
  allowed: boolean;
  excluded: boolean;
  practitioners: ListShape;
  requiresRate: boolean;
  hours: readonly [number, number] | null;
}

function shapeOf(criteria: SearchCriteria): Shape {
  return {
    clinics: listShapeOf(criteria.clinicIds),
    includeRemote: criteria.includeRemote,
    specialties: listShapeOf(criteria.specialtyIds),
    allowed: criteria.allowedSpecialtyIds !== null,
    excluded: criteria.excludedSpecialtyIds.length > 0,
    practitioners: listShapeOf(criteria.practitionerIds),
    requiresRate: criteria.requiresRate,
    hours: hoursOf(criteria.timeOfDay),
  };
}

/** A short name for a shape (a prepared statement's name is at most 63 bytes). */
function shapeName(shape: Shape): string {
  const flags = [shape.clinics, shape.includeRemote, shape.specialties, shape.allowed, shape.excluded, shape.practitioners, shape.requiresRate];
  return `${flags.map((flag) => Number(flag)).join('')}${shape.hours ? `_${shape.hours[0]}_${shape.hours[1]}` : ''}`;
}

/** The parameters of a search's statements, by placeholder name. */
function paramsOf(criteria: SearchCriteria, now: Date) {
  return {
    now,
    from: criteria.from,
    to: criteria.to,
    clinicIds: listParam(criteria.clinicIds),
    specialtyIds: listParam(criteria.specialtyIds),
    allowedSpecialtyIds: criteria.allowedSpecialtyIds ?? [],
    excludedSpecialtyIds: criteria.excludedSpecialtyIds,
    practitionerIds: listParam(criteria.practitionerIds),
  };
}

const param = (name: string) => sql.placeholder(name);

/** The condition of a list filter of `shape` (see ListShape). */
function inList(column: AnyPgColumn, name: string, shape: ListShape, type: 'text' | 'int'): SQL {
  return shape === 1 ? sql`${column} = ${param(name)}` : sql`${column} = any(${param(name)}::${sql.raw(type)}[])`;
}

/**
 * The WHERE of a search: free (not withdrawn, not started, no active appointment: the anti-join
 * uses the partial unique index on appointments.slot_id), in range, and matching the filter. `now`
 * is a parameter so a page and its calls agree on it. `range` names the placeholders of [from, to);
 * `clinic` replaces the clinic and remoteness condition (the suggestions' one clinic at a time).
 */
function whereOf(shape: Shape, range: { from: string; to: string } = { from: 'from', to: 'to' }, clinic?: SQL): SQL {
  const s = slotCatalogueColumns.slot;
  const conditions: (SQL | undefined)[] = [
    eq(s.withdrawn, false),
    gt(s.startsAt, param('now')),
    gte(s.startsAt, param(range.from)),
    lt(s.startsAt, param(range.to)),
    notExists(
      sql`(select 1 from ${appointments} where ${appointments.slotId} = ${s.id} and ${appointments.status} <> 'cancelled')`,
    ),
  ];
  if (clinic) conditions.push(clinic);
  else {
    const physical = shape.clinics ? inList(s.clinicId, 'clinicIds', shape.clinics, 'text') : eq(s.isRemote, false);
    conditions.push(shape.includeRemote ? or(physical, eq(s.isRemote, true)) : physical);
  }
  if (shape.specialties) conditions.push(inList(s.specialtyId, 'specialtyIds', shape.specialties, 'text'));
  if (shape.allowed) conditions.push(sql`${s.specialtyId} = any(${param('allowedSpecialtyIds')}::text[])`);
  if (shape.excluded) conditions.push(sql`${s.specialtyId} <> all(${param('excludedSpecialtyIds')}::text[])`);
  if (shape.practitioners) conditions.push(inList(s.practitionerId, 'practitionerIds', shape.practitioners, 'int'));
  if (shape.requiresRate) conditions.push(isNotNull(slotCatalogueColumns.practitioner.rate));
  if (shape.hours) {
    const hour = sql`extract(hour from ${s.startsAt} ${atHelsinki})`;
    // Inside a CASE: PostgreSQL takes a `>= from and < to` pair on an expression (even negated) for
    // a narrow range, 0.5 % of rows, and then sorts every matching row instead of reading the
    // start-time index in order until the page is full; a CASE it estimates at half the rows.
    conditions.push(sql`(case when ${hour} >= ${sql.raw(String(shape.hours[0]))} and ${hour} < ${sql.raw(String(shape.hours[1]))} then true else false end)`);
  }
  return and(...conditions)!;
}

/**
 * The search's statements, built once per database and shape: the query builder's work (about as
 * much as the search's own in PostgreSQL) is not redone per call.
 *
 * They run as unnamed statements (UNNAMED), so PostgreSQL plans each call for its parameters. A
 * named statement lets it switch to a generic plan after five calls, and on 100,000 slots that was
 * slower (the bench mix's medians summed, the code before → this, each run interleaving both: 60.6 →
 * 51.4 ms with named statements, 59.2 → 40.1 ms with a plan per call): the generic plan of one
 * practitioner's search walked the start-time index (11 ms instead of 2), and that of a rare
 * specialty at a small clinic with its suggestions the whole index (170 ms instead of 15, busy machine).
 */
const UNNAMED = '';

function preparedPer<Q>(build: (db: Database, shape: Shape) => Q): (db: Database, shape: Shape) => Q {
  const byDatabase = new WeakMap<Database, Map<string, Q>>();
  return (db, shape) => {
    let statements = byDatabase.get(db);
    if (!statements) byDatabase.set(db, (statements = new Map()));
    const name = shapeName(shape);
    let statement = statements.get(name);
    if (!statement) statements.set(name, (statement = build(db, shape)));
    return statement;
  };
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

const slotPageStatement = preparedPer((db, shape) => {
  const s = slotCatalogueColumns.slot;
  const select = db.select({ id: s.id, ...slotColumns, requiresStrongAuth: s.requiresStrongAuth, ...practitionerColumns, ...specialtyColumns, ...clinicColumns });
  return joinSlotCatalogue(fromSlots(select), ['practitioner', 'specialty', 'clinic'])
    .where(whereOf(shape))
    .orderBy(asc(s.startsAt), asc(s.id))
    .limit(BOOKING_PAGE_SIZE + 1)
    .offset(param('offset'))
    .prepare(UNNAMED);
});

/** One page of free slots by start time: one query (slots joined to practitioner, specialty and clinic). */
export async function findSlots(db: Database, criteria: SearchCriteria, offset: number, now: Date, view: SlotView): Promise<PageOfSlots> {
  const rows = await slotPageStatement(db, shapeOf(criteria)).execute({ ...paramsOf(criteria, now), offset });
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

const availableDatesStatement = preparedPer((db, shape) =>
  joinSlotCatalogue(fromSlots(db.selectDistinct({ day: helsinkiDay })), ['practitioner'])
    .where(whereOf(shape))
    .orderBy(helsinkiDay)
    .prepare(UNNAMED),
);

/** The Helsinki dates in the criteria's range with at least one free slot (the calendar). */
export async function findAvailableDates(db: Database, criteria: SearchCriteria, now: Date): Promise<string[]> {
  const rows = await availableDatesStatement(db, shapeOf(criteria)).execute(paramsOf(criteria, now));
  return rows.map((row) => row.day);
}

/**
 * The suggestions' one statement: the first other days (from the first DAY_SCAN_ROWS free slots in
 * the extra month, by start time) with their first slot and count, and for each neighbour clinic its
 * first free slot and count up to SUGGESTION_COUNT_CAP (ordered index scans that stop there). One
 * round trip, where a statement per day query and per clinic and a third for the clinics' names
 * cost an empty search 6–14 ms under load (the names now come from the cached clinic list).
 */
const suggestionsStatement = preparedPer((db, shape) => {
  const s = slotCatalogueColumns.slot;
  const freeSlots = (where: SQL, limit: number) =>
    sql`select ${s.startsAt} as starts_at from ${slotsWithCatalogueSql(['practitioner'])}
        where ${where} order by ${s.startsAt} limit ${sql.raw(String(limit))}`;
  const dayFree = freeSlots(whereOf(shape, { from: 'dayFrom', to: 'extendedTo' }), DAY_SCAN_ROWS);
  const clinicFree = freeSlots(whereOf({ ...shape, includeRemote: false }, { from: 'from', to: 'extendedTo' }, sql`${s.clinicId} = neighbour.id`), SUGGESTION_COUNT_CAP);
  const day = sql`to_char(d.starts_at ${atHelsinki}, 'YYYY-MM-DD')`;
  return db
    .select({ kind: sql<'day' | 'clinic'>`kind`, key: sql<string>`key`, first: sql<string | Date | null>`first`, n: sql<number>`n` })
    .from(
      sql`((select 'day' as kind, ${day} as key, min(d.starts_at) as first, count(*)::int as n
             from (${dayFree}) d group by 2 order by 2 limit ${sql.raw(String(MAX_DAY_SUGGESTIONS + 1))})
           union all
           (select 'clinic', neighbour.id, f.first, f.n
              from unnest(${param('neighbourClinicIds')}::text[]) as neighbour(id)
              cross join lateral (select min(c.starts_at) as first, count(*)::int as n from (${clinicFree}) c) f)) as suggestions`,
    )
    .prepare(UNNAMED);
});

/**
 * Spec part 2 §4, §9: with no results, the same search over a range one month longer: the first
 * other days (at most 5) with their first slot and count, and the clinics of the neighbour
 * municipalities of the clinics asked for, with theirs.
 */
export async function findSuggestions(db: Database, criteria: SearchCriteria, lastDay: string, now: Date): Promise<SearchSuggestions> {
  const neighbours = await neighbourClinicsOf(db, criteria.clinicIds);
  const rows = await suggestionsStatement(db, shapeOf(criteria)).execute({
    ...paramsOf(criteria, now),
    // the search's own range had nothing: only the extra month can have other days
    dayFrom: criteria.to,
    extendedTo: helsinkiInstant(addDays(lastDay, SUGGESTION_EXTRA_DAYS + 1), 0),
    neighbourClinicIds: neighbours.map((clinic) => clinic.id),
  });
  const isoOf = (first: string | Date | null) => (first === null ? null : new Date(first).toISOString());
  const dayRows = rows.filter((row) => row.kind === 'day');
  // a last day the scanned rows may have cut short is left out unless it is the only one
  const scanned = dayRows.reduce((sum, row) => sum + row.n, 0);
  const completeDays = scanned < DAY_SCAN_ROWS || dayRows.length <= 1 ? dayRows : dayRows.slice(0, -1);
  const clinicById = new Map(neighbours.map((clinic) => [clinic.id, clinic]));
  return {
    days: completeDays.slice(0, MAX_DAY_SUGGESTIONS).map((row) => ({ date: row.key, firstStartDate: isoOf(row.first)!, count: row.n })),
    clinics: rows
      .filter((row) => row.kind === 'clinic' && row.n > 0 && clinicById.has(row.key))
      .map((row) => ({ clinic: clinicById.get(row.key)!, count: row.n, firstStartDate: isoOf(row.first)! }))
      .sort((a, b) => a.firstStartDate.localeCompare(b.firstStartDate)),
  };
}

type PhysicalClinic = SearchSuggestions['clinics'][number]['clinic'];

/** How long the physical clinics' list is reused: clinics open and close far more rarely. */
const CLINIC_LIST_TTL_MS = 60_000;
const clinicLists = new WeakMap<Database, { at: number; rows: Promise<PhysicalClinic[]> }>();

/** The physical clinics, cached per database for a minute: no query per empty search. */
function cachedPhysicalClinics(db: Database): Promise<PhysicalClinic[]> {
  const cached = clinicLists.get(db);
  if (cached && Date.now() - cached.at < CLINIC_LIST_TTL_MS) return cached.rows;
  const rows = physicalClinics(db);
  rows.catch(() => clinicLists.delete(db));
  clinicLists.set(db, { at: Date.now(), rows });
  return rows;
}

/** The physical clinics in the neighbour municipalities (spec part 2 §9 map) of these clinics', not these. */
async function neighbourClinicsOf(db: Database, clinicIds: readonly string[]): Promise<PhysicalClinic[]> {
  if (!clinicIds.length) return [];
  const all = await cachedPhysicalClinics(db);
  const chosen = new Set(clinicIds);
  const neighbours = new Set(
    all.filter((clinic) => chosen.has(clinic.id)).flatMap((clinic) => NEIGHBOUR_MUNICIPALITIES[clinic.municipality.toLowerCase()] ?? []),
  );
  return all.filter((clinic) => !chosen.has(clinic.id) && neighbours.has(clinic.municipality.toLowerCase()));
}
