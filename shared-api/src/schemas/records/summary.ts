import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common';

/** Front-page summaries of the records remote (spec part 1 §1, §2 "Front page"). Newest first, at most 3 each. */
export const visitSummaryItemSchema = z.object({
  id: z.string(),
  dateTime: isoDateTimeSchema,
  practitionerName: z.string(),
  specialtyName: z.string(),
});
export const prescriptionSummaryItemSchema = z.object({
  id: z.string(),
  medicineName: z.string(),
  strength: z.string(),
  issuedDate: isoDateSchema,
  isRenewable: z.boolean(),
});
export const laboratorySummaryItemSchema = z.object({
  /** results of one day are one item (spec: grouped by date) */
  date: isoDateSchema,
  /** green when every test of the day is ready, blue when any is pending */
  isReady: z.boolean(),
  testNames: z.array(z.string()),
});
export const imagingSummaryItemSchema = z.object({
  id: z.string(),
  imagingDate: isoDateSchema,
  examinationName: z.string().nullable(),
});
export const questionnaireSummaryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  sentAt: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
});

export const recordsSummarySchema = z.object({
  canRenewPrescriptions: z.boolean(),
  visits: z.array(visitSummaryItemSchema),
  prescriptions: z.array(prescriptionSummaryItemSchema),
  laboratory: z.array(laboratorySummaryItemSchema),
  imaging: z.array(imagingSummaryItemSchema),
  /** shown on the front page only when non-empty */
  questionnaires: z.array(questionnaireSummaryItemSchema),
});
export type RecordsSummary = z.infer<typeof recordsSummarySchema>;
export type VisitSummaryItem = z.infer<typeof visitSummaryItemSchema>;
export type PrescriptionSummaryItem = z.infer<typeof prescriptionSummaryItemSchema>;
export type LaboratorySummaryItem = z.infer<typeof laboratorySummaryItemSchema>;
export type ImagingSummaryItem = z.infer<typeof imagingSummaryItemSchema>;
export type QuestionnaireSummaryItem = z.infer<typeof questionnaireSummaryItemSchema>;
