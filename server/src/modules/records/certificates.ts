import { and, desc, eq, gte } from 'drizzle-orm';
import { CERTIFICATES_AVAILABLE_FROM, type CertificatesPageState, type Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitionerFullName, practitionersByIds, practitionerTitleIn } from '../clinics/index';
import { certificates } from './schema';

/**
 * records.certificates (spec part 2 §2.2): the patient's sick-leave certificates (medical certificate
 * A, nurse's sick-leave certificate) issued on or after 1 Jan 2022 (spec part 2 §9), newest first,
 * with the practitioner who wrote them. Only `subjectPersonId`'s rows; the caller audits.
 */
export const CERTIFICATES_ROUTE_ID = 'records.certificates';

export async function loadCertificatesPage(db: Database, subjectPersonId: string, lang: Lang): Promise<CertificatesPageState> {
  const own = await db
    .select({
      id: certificates.id,
      type: certificates.type,
      issuedDate: certificates.issuedDate,
      validFrom: certificates.validFrom,
      validUntil: certificates.validUntil,
      practitionerId: certificates.practitionerId,
    })
    .from(certificates)
    .where(and(eq(certificates.personId, subjectPersonId), gte(certificates.issuedDate, CERTIFICATES_AVAILABLE_FROM)))
    .orderBy(desc(certificates.issuedDate), desc(certificates.id));
  // Who wrote them through the clinics module (issue 32): one batched lookup where the statement
  // joined practitioners (certificates.practitioner_id is not null and references them, so the
  // inner join never left one out; one missing here is left out all the same).
  const practitioners = await practitionersByIds(db, own.map((row) => row.practitionerId));
  const rows = own.flatMap((row) => {
    const practitioner = practitioners.get(row.practitionerId);
    return practitioner
      ? [{ ...row, practitionerName: practitionerFullName(practitioner), practitionerTitle: practitioner.title, practitionerPictureUrl: practitioner.profilePictureUrl }]
      : [];
  });
  return {
    certificates: rows.map((row) => ({
      id: String(row.id),
      type: row.type,
      issuedDate: row.issuedDate,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      practitionerName: row.practitionerName,
      practitionerTitle: row.practitionerTitle.trim() ? practitionerTitleIn(row.practitionerTitle, lang) : null,
      practitionerPictureUrl: row.practitionerPictureUrl,
    })),
  };
}
