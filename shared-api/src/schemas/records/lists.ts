import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { prescriptionsPageStateSchema } from './prescriptions';
import { imagingPageStateSchema } from './imaging';
import { laboratoryPageStateSchema } from './laboratory';

/**
 * States of the records remote's list pages (spec part 1 §2), as their server loaders return them
 * (GET /api/pages/records.visits etc., and embedded for the first page). Newest first, complete
 * lists: the pages paginate in the browser, 10 per page.
 */

/** records.visits: one timeline row per visit (spec §3 "Visit or medical report"). */
export const visitListItemSchema = z.object({
  id: z.string(),
  dateTime: isoDateTimeSchema,
  practitionerName: z.string(),
  /** cmsContent.title, e.g. 'Yleislääkäri' */
  practitionerTitle: z.string().nullable(),
  /** cmsContent.profilePicture.url; initials are shown when null */
  practitionerPictureUrl: z.string().nullable(),
  specialtyName: z.string(),
});
export const visitsPageStateSchema = z.object({ visits: z.array(visitListItemSchema) });
export type VisitListItem = z.infer<typeof visitListItemSchema>;
export type VisitsPageState = z.infer<typeof visitsPageStateSchema>;

/** records.prescriptions: every field of spec §3 "Prescription", in prescriptions.ts. */

/** records.laboratory and records.imaging: their states live in laboratory.ts and imaging.ts (with the referrals). */

/** records.questionnaires: maintenance-mode, or open tasks and own answers (spec §2). */
export const questionnaireListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  sentAt: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
});
export const questionnairesPageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('maintenance-mode') }),
  z.object({
    status: z.literal('ok'),
    /** not answered yet, newest first */
    open: z.array(questionnaireListItemSchema),
    /** answered, most recently answered first */
    answered: z.array(questionnaireListItemSchema),
  }),
]);
export type QuestionnaireListItem = z.infer<typeof questionnaireListItemSchema>;
export type QuestionnairesPageState = z.infer<typeof questionnairesPageStateSchema>;

/** Route id → schema of its state, for the loader registry and the pages. */
export const recordsListPageStateSchemas = {
  'records.visits': visitsPageStateSchema,
  'records.prescriptions': prescriptionsPageStateSchema,
  'records.laboratory': laboratoryPageStateSchema,
  'records.imaging': imagingPageStateSchema,
  'records.questionnaires': questionnairesPageStateSchema,
} as const;
export type RecordsListRouteId = keyof typeof recordsListPageStateSchemas;
