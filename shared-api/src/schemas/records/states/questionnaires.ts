import { z } from 'zod';
import { questionnaireListItemSchema } from '../lists';

export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('maintenance-mode') }),
  z.object({
    status: z.literal('ok'),
    /** not answered yet, newest first */
    open: z.array(questionnaireListItemSchema),
    /** answered, most recently answered first */
    answered: z.array(questionnaireListItemSchema),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
