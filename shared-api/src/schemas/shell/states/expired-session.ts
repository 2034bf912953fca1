import { z } from 'zod';

/**
 * Page state of the shell's expired-session page: whether the SMS code way back is offered, and
 * whether the person whose session expired has a passkey (passkeys.ts; false when unknown).
 */
export const pageStateSchema = z.object({ smsLogin: z.boolean(), passkey: z.boolean().default(false) });
export type PageState = z.infer<typeof pageStateSchema>;
