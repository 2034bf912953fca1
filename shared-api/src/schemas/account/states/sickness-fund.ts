import { z } from 'zod';
import { sicknessFundInfoSchema } from '../static-pages';

/** account.sickness-fund (sairauskassa): members only (the person's is-finnair-sickness-fund-member). */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), fund: sicknessFundInfoSchema }),
  z.object({ status: z.literal('not-member') }),
  /** spec §8: the occupational API answered a temporary error */
  z.object({ status: z.literal('temporary-api-error') }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
