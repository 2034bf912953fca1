import { z } from 'zod';
import { accessLogPageSchema } from '../data-access';

export const pageStateSchema = z.object({
  /** whose log this is: the signed-in user's own, or the ward's a guardian acts for */
  subject: z.discriminatedUnion('kind', [z.object({ kind: z.literal('self') }), z.object({ kind: z.literal('ward'), givenName: z.string() })]),
  log: accessLogPageSchema,
});
export type PageState = z.infer<typeof pageStateSchema>;
