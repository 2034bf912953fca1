import type { FastifyInstance } from 'fastify';
import { BOOKING_SUMMARY_MAX_ITEMS, type BookingSummary, type Lang } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { auditedRead } from '../../patients/access';
import { upcomingAppointmentRows } from './upcoming';

/**
 * The front page's appointments block (spec part 1 §2 front page): the next three upcoming
 * appointments (not cancelled), soonest first, and how many there are in all.
 */
export async function bookingSummary(db: Database, personId: string, lang: Lang, now: Date): Promise<BookingSummary> {
  const rows = await upcomingAppointmentRows(db, personId, now, false);
  return {
    totalCount: rows.length,
    items: rows.slice(0, BOOKING_SUMMARY_MAX_ITEMS).map((row) => ({
      id: String(row.id),
      startDate: row.startsAt.toISOString(),
      practitionerName: `${row.firstName} ${row.lastName}`,
      specialty: { fi: row.specialtyFi, sv: row.specialtySv, en: row.specialtyEn }[lang],
      clinicName: row.clinicName,
      isRemote: row.slotIsRemote || row.clinicIsRemote,
    })),
  };
}

/** Registers the summary: the session's subject only (the ward when a guardian acts for one), audited. */
export function installBookingSummary(app: FastifyInstance): void {
  app.frontPageSummaries.register('mf-booking', (ctx) =>
    auditedRead(ctx.db, ctx.access, 'booking.summary', (personId) => bookingSummary(ctx.db, personId, ctx.lang, new Date())),
  );
}
