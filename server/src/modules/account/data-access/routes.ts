import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_LOG_EXPORT_PATH,
  ACCESS_LOG_PATH,
  accessLogExportQuerySchema,
  accessLogPageSchema,
  accessLogQuerySchema,
  apiErrorSchema,
  DATA_EXPORT_PATH,
  dataExportQuerySchema,
  FHIR_JSON_MEDIA_TYPE,
  validationErrorSchema,
  type DataAccessPageState,
  type Lang,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { notFound } from '../../../http/errors';
import { auditedRead, patientAccess, personById, type PatientAccess } from '../../patients/index';
import type { AccountConfig } from '../config';
import { ACCESS_LOG_ACTION, ACCESS_LOG_EXPORT_ACTION, DATA_EXPORT_ACTION, loadAccessLogPage, loadWholeAccessLog } from './access-log';
import { accessLogCsv } from './access-log-csv';
import { buildDataExport } from './fhir-export';

/** The export's file name, in the page's language (the date is the day in Helsinki). */
const EXPORT_FILE_STEM: Record<Lang, string> = { fi: 'omat-terveystietoni', sv: 'mina-halsouppgifter', en: 'my-health-data' };
const helsinkiDay = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * account.data-access's state (its loader is pages/data-access.ts): the log's first page, for the
 * session's subject (the ward while a guardian acts for them, named by their given name), audited.
 */
export async function loadDataAccessPage(db: Database, access: PatientAccess): Promise<DataAccessPageState> {
  return auditedRead(
    db,
    access,
    ACCESS_LOG_ACTION,
    async (subjectPersonId): Promise<DataAccessPageState> => {
      const log = await loadAccessLogPage(db, { subjectPersonId, viewerPersonId: access.actorPersonId, page: 1 });
      if (subjectPersonId === access.actorPersonId) return { subject: { kind: 'self' }, log };
      const ward = await personById(db, subjectPersonId);
      return { subject: { kind: 'ward', givenName: ward?.givenName ?? '' }, log };
    },
    { page: 1 },
  );
}

/**
 * account.data-access (see shared-api's data-access.ts): the page's state (above),
 * GET /api/account/access-log (later pages, filtered pages), GET /api/account/access-log/export
 * (the log as CSV) and GET /api/account/data-export (the FHIR R4 download). All read the session's
 * subject only (the ward while a guardian acts for them) and are audited: the log's reads as
 * `account.data-access`, its CSV as `account.access-log-export`, the FHIR export as `account.data-export`.
 */
export function installDataAccess(app: FastifyInstance, _config: AccountConfig): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    ACCESS_LOG_PATH,
    {
      schema: {
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = patientAccess(request);
      const { page, asOf, ...filter } = request.query;
      const log = await auditedRead(
        app.db,
        access,
        ACCESS_LOG_ACTION,
        (subjectPersonId) => loadAccessLogPage(app.db, { subjectPersonId, viewerPersonId: access.actorPersonId, page, asOf, filter }),
        { page, ...filter },
      );
      return reply.header('cache-control', 'no-store').send(log);
    },
  );

  typed.get(
    ACCESS_LOG_EXPORT_PATH,
    {
      schema: {
        querystring: accessLogExportQuerySchema,
        // CSV text (a string body is never run through a response serializer); the tests check it.
        response: { 200: z.string(), 400: validationErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = patientAccess(request);
      const now = new Date();
      const { lang, ...filter } = request.query;
      const entries = await auditedRead(
        app.db,
        access,
        ACCESS_LOG_EXPORT_ACTION,
        (subjectPersonId) => loadWholeAccessLog(app.db, { subjectPersonId, viewerPersonId: access.actorPersonId, filter }),
        { format: 'csv', ...filter },
      );
      const fileName = `${accessLogCsv.fileStem(lang)}-${helsinkiDay(now)}.csv`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(accessLogCsv.render(entries, lang));
    },
  );

  typed.get(
    DATA_EXPORT_PATH,
    {
      schema: {
        querystring: dataExportQuerySchema,
        // The Bundle is typed by @types/fhir's R4 definitions where it is built, and sent as the JSON
        // text below (a string body is never run through a response serializer); the tests check its shape.
        response: { 200: z.string(), 400: validationErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = patientAccess(request);
      const now = new Date();
      const { lang } = request.query;
      const bundle = await auditedRead(app.db, access, DATA_EXPORT_ACTION, (subjectPersonId) => buildDataExport(app.db, { subjectPersonId, lang, now }), {
        format: 'fhir-r4',
      });
      if (!bundle) throw notFound('No such person');
      const fileName = `${EXPORT_FILE_STEM[lang]}-${helsinkiDay(now)}.json`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', `${FHIR_JSON_MEDIA_TYPE}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(JSON.stringify(bundle, null, 2));
    },
  );
}
