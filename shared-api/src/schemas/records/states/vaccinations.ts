import { z } from 'zod';
import { vaccinationListItemSchema } from '../vaccinations';

/** records.vaccinations: the patient's vaccinations. */
export const pageStateSchema = z.object({ vaccinations: z.array(vaccinationListItemSchema) });
export type PageState = z.infer<typeof pageStateSchema>;
