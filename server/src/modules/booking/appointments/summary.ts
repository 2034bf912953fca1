import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BOOKING_SUMMARY_MAX_ITEMS, type BookingSummary, type Lang } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { createPerTurnReaderByLanguage } from '../../../db/per-turn-loader';
import { preparedStatement } from '../../../db/prepared';
import { joinSlotSql, slotCatalogueColumns } from '../../clinics/index';
import { auditedRead, fromPeopleWithIds, personRowId } from '../../patients/index';
import { appointments, occupationalContracts } from '../schema';


/** no appointment lasts longer (upcoming.ts) */
const LONGEST_APPOINTMENT_MS = 24 * 3_600_000;

const { slot, clinic, practitioner, specialty } = slotCatalogueColumns;
const specialtyColumn = { fi: specialty.nameFi, sv: specialty.nameSv, en: specialty.nameEn } as const;

interface UpcomingJson {
  id: number;
  /** milliseconds since the epoch */
  startsAt: number;
  firstName: string;
  lastName: string;
  specialty: string;
  clinicName: string;
  isRemote: boolean;
  /** every upcoming appointment of the person, not only the three here */
  totalCount: number;
}

/**
 * The next BOOKING_SUMMARY_MAX_ITEMS upcoming appointments of each of `ids`, one row per person: a
 * JSON array built by the database, each element with the person's count. A prepared statement per
 * language (db/prepared.ts): the front page is asked on every sign-in.
 */
const upcomingStatement = (lang: Lang) =>
  preparedStatement<{ id: string; upcoming: UpcomingJson[] }, { ids: readonly string[]; from: string; now: string }>(
    `front_page_booking_${lang}`,
    () => sql`
      select ${personRowId} as id, (select coalesce(json_agg(json_build_object(
          'id', r.id, 'startsAt', floor(extract(epoch from r.starts_at) * 1000)::int8, 'firstName', r.first_name, 'lastName', r.last_name,
          'specialty', r.specialty, 'clinicName', r.clinic_name, 'isRemote', r.is_remote, 'totalCount', r.total_count)
          order by r.starts_at, r.id), '[]'::json)
        from (select a.id, ${slot.startsAt} as starts_at, ${practitioner.firstName} as first_name, ${practitioner.lastName} as last_name,
                     ${specialtyColumn[lang]} as specialty, ${clinic.name} as clinic_name,
                     (${slot.isRemote} or ${clinic.isRemote}) as is_remote, count(*) over () as total_count
                from ${appointments} a
                ${joinSlotSql(sql`a.slot_id`, ['clinic', 'practitioner', 'specialty'])}
               where a.person_id = ${personRowId} and a.status <> 'cancelled'
                 -- still under way or ahead: it ends after now (the first bound narrows the index range, as in upcoming.ts)
                 and ${slot.startsAt} > ${sql.placeholder('from')}::timestamptz
                 and ${slot.startsAt} + ${slot.durationMinutes} * interval '1 minute' > ${sql.placeholder('now')}::timestamptz
               order by ${slot.startsAt}, a.id
               limit ${BOOKING_SUMMARY_MAX_ITEMS}) r) as upcoming
      ${fromPeopleWithIds('ids')}`,
  );
const upcomingStatements = { fi: upcomingStatement('fi'), sv: upcomingStatement('sv'), en: upcomingStatement('en') } as const;

/** The upcoming appointments of each of `personIds`, in their order (see upcomingStatement). */
async function upcomingOf(db: Database, lang: Lang, personIds: readonly string[], now: Date): Promise<UpcomingJson[][]> {
  const rows = await upcomingStatements[lang](db, {
    ids: personIds,
    from: new Date(now.getTime() - LONGEST_APPOINTMENT_MS).toISOString(),
    now: now.toISOString(),
  });
  const byId = new Map(rows.map((row) => [row.id, row.upcoming]));
  return personIds.map((id) => byId.get(id) ?? []);
}

/** The people signing in at the same moment share one statement per language (db/per-turn-loader.ts). */
const upcomingReader = createPerTurnReaderByLanguage(upcomingOf);

function toSummary(rows: readonly UpcomingJson[]): BookingSummary {
  return {
    totalCount: rows[0]?.totalCount ?? 0,
    items: rows.map((row) => ({
      id: String(row.id),
      startDate: new Date(Number(row.startsAt)).toISOString(),
      practitionerName: `${row.firstName} ${row.lastName}`,
      specialty: row.specialty,
      clinicName: row.clinicName,
      isRemote: row.isRemote,
    })),
  };
}

/**
 * The front page's appointments block (spec part 1 §2 front page): the next three upcoming
 * appointments (not cancelled), soonest first, and how many there are in all. The upcoming ones as
 * upcoming.ts has them (not cancelled, not yet ended), but only the columns the block shows and only
 * the three it shows, the count beside them: the front page is asked on every sign-in.
 */
export async function bookingSummary(db: Database, personId: string, lang: Lang, now: Date): Promise<BookingSummary> {
  return toSummary((await upcomingOf(db, lang, [personId], now))[0]!);
}

/**
 * Registers the summary: the session's subject only (the ward when a guardian acts for one), audited.
 * And the front page's landing facts of this module's tables (front-page/landing.ts): an appointment
 * (past or future, also a cancelled one) is something the front page shows, and the occupational
 * contract's product ids decide its chat promotion.
 */
export function installBookingSummary(app: FastifyInstance): void {
  app.frontPageLanding.registerEvents('booking', (personId) => sql<boolean>`exists (select 1 from ${appointments} where ${appointments.personId} = ${personId})`);
  app.frontPageLanding.registerFact(
    'contractProductIds',
    (personId) => sql<string[] | null>`select ${occupationalContracts.contractProductIds} from ${occupationalContracts} where ${occupationalContracts.personId} = ${personId}`,
  );
  app.frontPageSummaries.register('mf-booking', (ctx) =>
    auditedRead(ctx.db, ctx.access, 'booking.summary', async (personId) => toSummary(await upcomingReader(ctx.db, personId, ctx.lang))),
  );
}
