import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { messagingPageStateSchema, newConversationPageStateSchema } from './pages';

/**
 * The page state schemas of the routes of mf-messaging (see pageStateSchemas): its ./app bundles only these,
 * handed to createRemote as `pageStates`.
 */
export const messagingPageStates = {
  'messaging.conversations': messagingPageStateSchema,
  'messaging.thread': messagingPageStateSchema,
  'messaging.new': newConversationPageStateSchema,
} as const satisfies Partial<Record<RouteId, z.ZodType>>;
