import { desc, eq } from 'drizzle-orm';
import type { Lang, VaccinationsPageState } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitionerFullName, practitionersByIds } from '../clinics/index';
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
  const own = await db
    .select({
      id: vaccinations.id,
      vaccineName: vaccinations.vaccineName,
      date: vaccinations.vaccinationDate,
      dose: vaccinations.dose,
      effectiveUntil: vaccinations.nextDoseDate,
      practitionerId: vaccinations.practitionerId,
    })
    .from(vaccinations)
    .where(eq(vaccinations.personId, subjectPersonId))
    .orderBy(desc(vaccinations.vaccinationDate), desc(vaccinations.id));
  // Who gave them through the clinics module (issue 32): one batched lookup where the statement
  // left-joined practitioners; none (given elsewhere) stays null as the left join had it.
  const practitioners = await practitionersByIds(db, own.flatMap((row) => (row.practitionerId === null ? [] : [row.practitionerId])));
  const rows = own.map((row) => {
    const practitioner = row.practitionerId === null ? undefined : practitioners.get(row.practitionerId);
    return {
      ...row,
      practitionerName: practitioner ? practitionerFullName(practitioner) : null,
      practitionerPictureUrl: practitioner ? practitioner.profilePictureUrl : null,
    };
  });
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
