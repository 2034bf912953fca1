import { z } from 'zod';
import { visitListItemSchema } from './lists';

/**
 * records.visit (path visits/:id, spec part 1 §2 "Visits, detail at /{id}"): the medical report,
 * or visit-not-found (HTTP 404) when the id is not one of the patient's visits.
 */
export const visitReportSchema = visitListItemSchema.extend({
  diagnoses: z.array(z.object({ code: z.string(), description: z.string() })),
  texts: z.array(z.object({ title: z.string(), body: z.string() })),
  /** the report names the patient (spec §2 "Visit"): full name and personal identity code */
  patient: z.object({ fullName: z.string(), identityCode: z.string() }),
});
export type VisitReport = z.infer<typeof visitReportSchema>;
