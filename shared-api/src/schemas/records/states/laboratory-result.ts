import { z } from 'zod';
import { isoDateSchema } from '../../common';
import { laboratoryTestSchema } from '../laboratory';

/**
 * records.laboratory-result (path laboratoryresult/:date, spec §2 "Laboratory result", §3 "Lab result
 * page: date, fullName, laboratoryTests"): the results of one sample date in listing order, or
 * not-found (HTTP 404) when the patient has no results on that date ('Results were not found').
 */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('not-found') }),
  z.object({
    status: z.literal('ok'),
    date: isoDateSchema,
    /** the patient's full name (the child's when a guardian acts for one) */
    fullName: z.string(),
    laboratoryTests: z.array(laboratoryTestSchema),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
