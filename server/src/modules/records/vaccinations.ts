import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import type { Lang, VaccinationsPageState } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { ok } from '../../pages/loaders';
import { practitioners } from '../clinics/schema';
import { auditedRead, patientAccess } from '../patients/access';
import { vaccinations } from './schema';
import { vaccineDoseIn, vaccineNameIn } from './vocabulary';

/**
 * records.vaccinations (spec part 2 §2.4, §3 "Vaccination": name, date, effectiveUntil, practitioner
 * name): every vaccination of `subjectPersonId`, newest first; the page shows 25 per page. The
 * protection lasts until the next dose is due, so effectiveUntil is the stored next-dose date. A
 * vaccination given elsewhere may have no practitioner. The caller audits.
 */
export const VACCINATIONS_ROUTE_ID = 'records.vaccinations';

export async function loadVaccinationsPage(db: Database, subjectPersonId: string, lang: Lang): Promise<VaccinationsPageState> {
  const rows = await db
    .select({
      id: vaccinations.id,
      vaccineName: vaccinations.vaccineName,
      date: vaccinations.vaccinationDate,
      dose: vaccinations.dose,
      effectiveUntil: vaccinations.nextDoseDate,
      practitionerName: sql<string | null>`${practitioners.firstName} || ' ' || ${practitioners.lastName}`,
      practitionerPictureUrl: practitioners.profilePictureUrl,
    })
    .from(vaccinations)
    .leftJoin(practitioners, eq(practitioners.id, vaccinations.practitionerId))
    .where(eq(vaccinations.personId, subjectPersonId))
    .orderBy(desc(vaccinations.vaccinationDate), desc(vaccinations.id));
  return {
    vaccinations: rows.map((row) => ({
      id: String(row.id),
      vaccineName: vaccineNameIn(row.vaccineName, lang),
      date: row.date,
      dose: row.dose?.trim() ? vaccineDoseIn(row.dose, lang) : null,
      effectiveUntil: row.effectiveUntil,
      practitionerName: row.practitionerName,
      practitionerPictureUrl: row.practitionerPictureUrl ?? null,
    })),
  };
}

/** Registers the loader: the session's subject only (the child when a guardian acts for one), audited. */
export function installVaccinationsPage(app: FastifyInstance): void {
  app.pageLoaders.register(VACCINATIONS_ROUTE_ID, async (ctx) =>
    ok(await auditedRead(ctx.db, patientAccess(ctx.request), VACCINATIONS_ROUTE_ID, (personId) => loadVaccinationsPage(ctx.db, personId, ctx.lang))),
  );
}
