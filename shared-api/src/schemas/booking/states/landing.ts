import { z } from 'zod';
import { healthcareTypeSchema } from '../appointment';

/** booking.landing: the customer types to offer (occupational only on the adult brand). */
export const pageStateSchema = z.object({ customerTypes: z.array(healthcareTypeSchema) });
export type PageState = z.infer<typeof pageStateSchema>;
