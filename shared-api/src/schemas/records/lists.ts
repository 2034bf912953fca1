import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common';

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

/** records.prescriptions (spec §3 "Prescription"). */
export const prescriptionListItemSchema = z.object({
  id: z.string(),
  medicineName: z.string(),
  strength: z.string(),
  issuedDate: isoDateSchema,
  isRenewable: z.boolean(),
  medicineType: z.string(),
  packageSize: z.number().int(),
  packageUnit: z.string(),
  packageCount: z.number().int(),
  dosageGuide: z.string(),
});
export const prescriptionsPageStateSchema = z.object({ prescriptions: z.array(prescriptionListItemSchema) });
export type PrescriptionListItem = z.infer<typeof prescriptionListItemSchema>;
export type PrescriptionsPageState = z.infer<typeof prescriptionsPageStateSchema>;

/** records.laboratory: results grouped by sample date; a date is ready when every test of it is. */
export const laboratoryListTestSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  isReady: z.boolean(),
});
export const laboratoryListDateSchema = z.object({
  date: isoDateSchema,
  isReady: z.boolean(),
  /** single tests and packages (a package is one entry; its items are on the result page) */
  tests: z.array(laboratoryListTestSchema),
});
export const laboratoryPageStateSchema = z.object({ dates: z.array(laboratoryListDateSchema) });
export type LaboratoryListTest = z.infer<typeof laboratoryListTestSchema>;
export type LaboratoryListDate = z.infer<typeof laboratoryListDateSchema>;
export type LaboratoryPageState = z.infer<typeof laboratoryPageStateSchema>;

/** records.imaging (spec §3 "Imaging result"); examinationName null shows 'no title'. */
export const imagingListItemSchema = z.object({
  id: z.string(),
  imagingDate: isoDateSchema,
  examinationName: z.string().nullable(),
});
export const imagingPageStateSchema = z.object({ results: z.array(imagingListItemSchema) });
export type ImagingListItem = z.infer<typeof imagingListItemSchema>;
export type ImagingPageState = z.infer<typeof imagingPageStateSchema>;

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
