import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BOOKING_SUMMARY_MAX_ITEMS, type BookingSummary, type Lang } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { appointmentSlots, clinics, practitioners, specialties } from '../../clinics/schema';
import { auditedRead } from '../../patients/access';
import { appointments } from '../schema';

/** no appointment lasts longer (upcoming.ts) */
const LONGEST_APPOINTMENT_MS = 24 * 3_600_000;

const specialtyColumn = { fi: specialties.nameFi, sv: specialties.nameSv, en: specialties.nameEn } as const;

/**
 * The front page's appointments block (spec part 1 §2 front page): the next three upcoming
 * appointments (not cancelled), soonest first, and how many there are in all. The upcoming ones as
 * upcoming.ts has them (not cancelled, not yet ended), but only the columns the block shows and only
 * the three it shows, the count beside them: the front page is asked on every sign-in.
 */
export async function bookingSummary(db: Database, personId: string, lang: Lang, now: Date): Promise<BookingSummary> {
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointmentSlots.startsAt,
      firstName: practitioners.firstName,
      lastName: practitioners.lastName,
      specialty: specialtyColumn[lang],
      clinicName: clinics.name,
      isRemote: sql<boolean>`(${appointmentSlots.isRemote} or ${clinics.isRemote})`,
      totalCount: sql<number>`(count(*) over ())::int`,
    })
    .from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .innerJoin(clinics, eq(clinics.id, appointmentSlots.clinicId))
    .innerJoin(practitioners, eq(practitioners.id, appointmentSlots.practitionerId))
    .innerJoin(specialties, eq(specialties.id, appointmentSlots.specialtyId))
    .where(
      and(
        eq(appointments.personId, personId),
        ne(appointments.status, 'cancelled'),
        // still under way or ahead: it ends after now (the first bound narrows the index range, as in upcoming.ts)
        gt(appointmentSlots.startsAt, new Date(now.getTime() - LONGEST_APPOINTMENT_MS)),
        gt(sql`${appointmentSlots.startsAt} + ${appointmentSlots.durationMinutes} * interval '1 minute'`, now),
      ),
    )
    .orderBy(asc(appointmentSlots.startsAt), asc(appointments.id))
    .limit(BOOKING_SUMMARY_MAX_ITEMS);
  return {
    totalCount: rows[0]?.totalCount ?? 0,
    items: rows.map((row) => ({
      id: String(row.id),
      startDate: row.startsAt.toISOString(),
      practitionerName: `${row.firstName} ${row.lastName}`,
      specialty: row.specialty,
      clinicName: row.clinicName,
      isRemote: row.isRemote,
    })),
  };
}

/** Registers the summary: the session's subject only (the ward when a guardian acts for one), audited. */
export function installBookingSummary(app: FastifyInstance): void {
  app.frontPageSummaries.register('mf-booking', (ctx) =>
    auditedRead(ctx.db, ctx.access, 'booking.summary', (personId) => bookingSummary(ctx.db, personId, ctx.lang, new Date())),
  );
}
