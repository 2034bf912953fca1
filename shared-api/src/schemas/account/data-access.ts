import { z } from 'zod';
import { isoDateTimeSchema, langSchema } from '../common';

/**
 * account.data-access (paths tietojeni-kaytto, anvandning-av-mina-uppgifter, use-of-my-data; issue 12
 * "beyond the spec", the Client Data Act 703/2023): who has handled the patient's data, from the
 * audit log, and the "Download my data" FHIR R4 export.
 *
 * - The log is the session's subject's: the patient's own, or the ward's while a guardian acts for
 *   them. It names roles, never people or identity codes, and kinds of data, never the raw audit
 *   action (an action the portal does not know yet is `other`).
 * - 25 rows a page, newest first. The page loader answers page 1; later pages come from
 *   GET ACCESS_LOG_PATH?page=&asOf=. `asOf` (the newest row id when page 1 was read) holds the pages
 *   still while new rows arrive, so paging never shows a row twice.
 * - Viewing the log is itself a read of the patient's data (who has handled it) and is audited as
 *   `account.data-access`: it appears in the log (category `accessLog`), this very view included.
 * - The export is GET DATA_EXPORT_PATH?lang= (audited as `account.data-export`): a FHIR R4 Bundle of
 *   type `collection` as a JSON attachment, never cached.
 */
export const DATA_ACCESS_ROUTE_ID = 'account.data-access';
export const ACCESS_LOG_PATH = '/api/account/access-log';
export const DATA_EXPORT_PATH = '/api/account/data-export';
export const ACCESS_LOG_PAGE_SIZE = 25;
/** Media type of the export (FHIR's JSON format). */
export const FHIR_JSON_MEDIA_TYPE = 'application/fhir+json';

/** What kind of data a row is about; the page names each with a translated label. */
export const accessLogCategories = [
  'healthRecordSummary',
  'visits',
  'prescriptions',
  'laboratory',
  'imaging',
  'referrals',
  'questionnaires',
  'certificates',
  'vaccinations',
  'messages',
  'contactDetails',
  'consents',
  'kelaCard',
  'registration',
  'occupationalTeam',
  'appointments',
  'insurance',
  'accessLog',
  'dataExport',
  'other',
] as const;
export const accessLogCategorySchema = z.enum(accessLogCategories);
export type AccessLogCategory = z.infer<typeof accessLogCategorySchema>;

/**
 * Who read, as the audit log records it. A signed-in portal user reading through patientAccess is
 * the patient themself, one of their guardians (acting for the ward), or, should a guardianship
 * have ended since, another portal user. `professional`: a healthcare professional through the
 * staff messaging API or its server command (the server's STAFF_PROFESSIONAL_ACTOR_ID; never named,
 * never "you").
 */
export const accessLogRoles = ['patient', 'guardian', 'otherUser', 'professional'] as const;
export const accessLogRoleSchema = z.enum(accessLogRoles);
export type AccessLogRole = z.infer<typeof accessLogRoleSchema>;

export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  role: accessLogRoleSchema,
  /** the signed-in user made this read themself */
  byYou: z.boolean(),
  category: accessLogCategorySchema,
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

const rowIdSchema = z.string().regex(/^\d{1,18}$/);

export const accessLogPageSchema = z.object({
  entries: z.array(accessLogEntrySchema).max(ACCESS_LOG_PAGE_SIZE),
  /** 1-based */
  page: z.number().int().min(1),
  pageSize: z.literal(ACCESS_LOG_PAGE_SIZE),
  totalCount: z.number().int().min(0),
  /** the newest row the pages are taken from; pass it back for the next pages */
  asOf: rowIdSchema,
});
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

export const accessLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000),
  asOf: rowIdSchema,
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const dataExportQuerySchema = z.object({ lang: langSchema });

export const dataAccessPageStateSchema = z.object({
  /** whose log this is: the signed-in user's own, or the ward's a guardian acts for */
  subject: z.discriminatedUnion('kind', [z.object({ kind: z.literal('self') }), z.object({ kind: z.literal('ward'), givenName: z.string() })]),
  log: accessLogPageSchema,
});
export type DataAccessPageState = z.infer<typeof dataAccessPageStateSchema>;

/** The number of pages `totalCount` rows make. */
export const accessLogPageCount = (totalCount: number) => Math.max(1, Math.ceil(totalCount / ACCESS_LOG_PAGE_SIZE));
