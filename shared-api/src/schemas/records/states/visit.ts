import { z } from 'zod';
import { visitReportSchema } from '../visit';

/** records.visit (visits/:id): one visit's report, or not found (HTTP 404). */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('visit-not-found') }),
  z.object({ status: z.literal('ok'), visit: visitReportSchema }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
