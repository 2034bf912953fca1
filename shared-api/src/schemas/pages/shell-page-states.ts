import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { expiredSessionPageStateSchema } from '../account/sms-login';
import { frontPageStateSchema } from './front-page';

/**
 * The page state schemas of the shell's routes (see pageStateSchemas), for the server and the types:
 * in the browser each of the shell's pages provides its own (shell/src/pages), in its own chunk.
 */
export const shellPageStates = {
  'front-page': frontPageStateSchema,
  'expired-session': expiredSessionPageStateSchema,
} as const satisfies Partial<Record<RouteId, z.ZodType>>;
