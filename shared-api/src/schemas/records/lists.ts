import { z } from 'zod';
import { isoDateTimeSchema } from '../common';

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
export type VisitListItem = z.infer<typeof visitListItemSchema>;

/** records.questionnaires: maintenance-mode, or open tasks and own answers (spec §2). */
export const questionnaireListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  sentAt: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
});
export type QuestionnaireListItem = z.infer<typeof questionnaireListItemSchema>;
