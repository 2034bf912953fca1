import { z } from 'zod';
import { customerMessagingInfoSchema } from '../pages';

/**
 * What every messaging page's server loader gives (route ids messaging.conversations,
 * messaging.thread, messaging.new). The conversations themselves come over GraphQL.
 * - status 'maintenance-mode': the messaging service is offline (spec part 1 §8).
 * - customerMessagingUserId null: the feature is off or the person has no messaging user; the
 *   pages show their empty state and never call the GraphQL endpoint.
 */
export const pageStateSchema = z.object({
  status: z.enum(['ok', 'maintenance-mode']),
  customerMessagingUserId: z.string().nullable(),
  info: customerMessagingInfoSchema,
  pollIntervalMs: z.number().int().min(1000),
});
export type PageState = z.infer<typeof pageStateSchema>;
