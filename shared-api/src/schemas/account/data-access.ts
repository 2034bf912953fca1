import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, langSchema } from '../common';

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
 * - Issue 33: the reads of one page view (one request: the audit rows' correlation id) are one entry,
 *   naming the kinds of data read (and the page, for the front page), so a front page visit is one
 *   row, not four. The log can be filtered by kind of data and by a date range (Helsinki days, both
 *   inclusive), and downloaded as a CSV file (GET ACCESS_LOG_EXPORT_PATH?lang=&the same filters;
 *   audited as `account.access-log-export`). A staff read names the professional's role when the
 *   staff command named the professional (a doctor, a nurse), else "a healthcare professional".
 */
export const DATA_ACCESS_ROUTE_ID = 'account.data-access';
export const ACCESS_LOG_PATH = '/api/account/access-log';
export const DATA_EXPORT_PATH = '/api/account/data-export';
export const ACCESS_LOG_EXPORT_PATH = '/api/account/access-log/export';
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
  'accessLogExport',
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

/** A professional's role when the staff command named the professional (messaging's Doctor, Nurse). */
export const accessLogProfessionalRoles = ['doctor', 'nurse'] as const;
export const accessLogProfessionalRoleSchema = z.enum(accessLogProfessionalRoles);
export type AccessLogProfessionalRole = z.infer<typeof accessLogProfessionalRoleSchema>;

/** The pages an entry names (its reads were that page's loader's); other entries name the kinds only. */
export const accessLogPages = ['frontPage'] as const;
export const accessLogPageNameSchema = z.enum(accessLogPages);
export type AccessLogPageName = z.infer<typeof accessLogPageNameSchema>;

/** One page view's reads (or one read): when, by whom, what kinds of data. */
export const accessLogEntrySchema = z.object({
  /** the newest audit row of the entry */
  id: z.string(),
  /** the newest read's time */
  at: isoDateTimeSchema,
  role: accessLogRoleSchema,
  /** only with role `professional`, when known */
  professionalRole: accessLogProfessionalRoleSchema.optional(),
  /** the signed-in user made this read themself */
  byYou: z.boolean(),
  page: accessLogPageNameSchema.optional(),
  /** the kinds of data read, each once, in the order of accessLogCategories */
  categories: z.array(accessLogCategorySchema).min(1).max(accessLogCategories.length),
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

/**
 * The log's filters as query parameters: `categories` (comma-separated kinds of data), `from` and
 * `to` (Helsinki days yyyy-MM-dd, both inclusive; `to` not before `from`). All optional.
 */
const CATEGORIES_MESSAGE = `Use kinds of data from ${accessLogCategories.join(', ')}, separated by commas`;

const filterFields = {
  // A refusal names the field itself (never an index into it), as every other field's does.
  categories: z
    .string()
    .transform((value, ctx) => {
      const kinds = value.split(',');
      if (kinds.length <= accessLogCategories.length && kinds.every((kind) => accessLogCategorySchema.safeParse(kind).success)) return kinds as AccessLogCategory[];
      ctx.addIssue({ code: 'custom', message: CATEGORIES_MESSAGE });
      return z.NEVER;
    })
    .optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;
const RANGE_MESSAGE = 'The end of the date range is before its start';

export const accessLogFilterSchema = z.object(filterFields).refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['to'] });
export type AccessLogFilter = z.infer<typeof accessLogFilterSchema>;

export const accessLogQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000),
    asOf: rowIdSchema,
    ...filterFields,
  })
  .refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['to'] });
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

/** GET ACCESS_LOG_EXPORT_PATH: the whole log (as filtered) as a CSV file in `lang`. */
export const accessLogExportQuerySchema = z.object({ lang: langSchema, ...filterFields }).refine(rangeInOrder, { message: RANGE_MESSAGE, path: ['to'] });
export type AccessLogExportQuery = z.infer<typeof accessLogExportQuerySchema>;

/** The query parameters of `filter` (the client's side of filterFields). */
export function accessLogFilterParams(filter: AccessLogFilter): Record<string, string> {
  return {
    ...(filter.categories?.length ? { categories: filter.categories.join(',') } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

export const dataExportQuerySchema = z.object({ lang: langSchema });

/** The number of pages `totalCount` rows make. */
export const accessLogPageCount = (totalCount: number) => Math.max(1, Math.ceil(totalCount / ACCESS_LOG_PAGE_SIZE));
