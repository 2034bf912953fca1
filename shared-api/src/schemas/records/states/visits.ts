import { z } from 'zod';
import { visitListItemSchema } from '../lists';

/** records.visits: one timeline row per visit (spec §3 "Visit or medical report"), newest first. */
export const pageStateSchema = z.object({ visits: z.array(visitListItemSchema) });
export type PageState = z.infer<typeof pageStateSchema>;
