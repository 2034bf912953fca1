import { z } from 'zod';
import { teamMemberSchema } from '../team';

export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    employerName: z.string().min(1),
    responsibleDoctors: z.array(teamMemberSchema),
    responsibleNurses: z.array(teamMemberSchema),
  }),
  /** not an occupational health customer, or no team on the agreement (e.g. a guardian acting for a child) */
  z.object({ status: z.literal('no-team') }),
  /** spec §8: the occupational API answered a temporary error */
  z.object({ status: z.literal('temporary-api-error') }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
