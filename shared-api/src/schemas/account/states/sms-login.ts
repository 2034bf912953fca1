import type { z } from 'zod';
import { smsLoginAvailabilitySchema } from '../sms-login';

/** Page state of account.sms-login. */
export const pageStateSchema = smsLoginAvailabilitySchema;
export type PageState = z.infer<typeof pageStateSchema>;
