import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { CERTIFICATES_AVAILABLE_FROM, type CertificatesPageState, type Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { ok } from '../../pages/loaders';
import { practitioners } from '../clinics/schema';
import { auditedRead, patientAccess } from '../patients/access';
import { practitionerTitleIn } from '../clinics/vocabulary';
import { certificates } from './schema';

/**
 * records.certificates (spec part 2 §2.2): the patient's sick-leave certificates (medical certificate
 * A, nurse's sick-leave certificate) issued on or after 1 Jan 2022 (spec part 2 §9), newest first,
 * with the practitioner who wrote them. Only `subjectPersonId`'s rows; the caller audits.
 */
export const CERTIFICATES_ROUTE_ID = 'records.certificates';

export async function loadCertificatesPage(db: Database, subjectPersonId: string, lang: Lang): Promise<CertificatesPageState> {
  const rows = await db
    .select({
      id: certificates.id,
      type: certificates.type,
      issuedDate: certificates.issuedDate,
      validFrom: certificates.validFrom,
      validUntil: certificates.validUntil,
      practitionerName: sql<string>`${practitioners.firstName} || ' ' || ${practitioners.lastName}`,
      practitionerTitle: practitioners.title,
      practitionerPictureUrl: practitioners.profilePictureUrl,
    })
    .from(certificates)
    .innerJoin(practitioners, eq(practitioners.id, certificates.practitionerId))
    .where(and(eq(certificates.personId, subjectPersonId), gte(certificates.issuedDate, CERTIFICATES_AVAILABLE_FROM)))
    .orderBy(desc(certificates.issuedDate), desc(certificates.id));
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

/** Registers the loader: the session's subject only (the child when a guardian acts for one), audited. */
export function installCertificatesPage(app: FastifyInstance): void {
  app.pageLoaders.register(CERTIFICATES_ROUTE_ID, async (ctx) =>
    ok(await auditedRead(ctx.db, patientAccess(ctx.request), CERTIFICATES_ROUTE_ID, (personId) => loadCertificatesPage(ctx.db, personId, ctx.lang))),
  );
}
