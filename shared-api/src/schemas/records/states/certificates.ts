import { z } from 'zod';
import { certificateListItemSchema } from '../certificates';

/** records.certificates: the patient's certificates. */
export const pageStateSchema = z.object({ certificates: z.array(certificateListItemSchema) });
export type PageState = z.infer<typeof pageStateSchema>;
