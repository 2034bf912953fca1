import { z } from 'zod';
import { textSchema } from '../text';
import { numericIdSchema } from './appointment';

/**
 * "Tell me of an earlier time" (beyond the spec, issue 13; docs/product-decisions.md, "Values"): a waitlist on
 * an upcoming appointment. When an earlier matching slot frees up (a cancellation), the patient gets
 * an SMS with a link /{lang}/aiempi-aika/{token}; the first to take it gets it; an offer expires
 * after WAITLIST_OFFER_HOURS (appointment.ts).
 */

export const waitlistPath = (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/waitlist`;
export const earlierTimePath = (token: string) => `/api/earlier-time/${encodeURIComponent(token)}`;

/** Same practitioner, or the same specialty in the clinic's municipality. */
export const waitlistScopes = ['practitioner', 'specialty-municipality'] as const;
export const waitlistScopeSchema = z.enum(waitlistScopes);
export type WaitlistScope = z.infer<typeof waitlistScopeSchema>;

export const waitlistParamsSchema = z.object({ id: numericIdSchema });
export const waitlistQuerySchema = z.object({ csrfToken: textSchema.optional() });
export const waitlistJoinRequestSchema = z.strictObject({ scope: waitlistScopeSchema });
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinRequestSchema>;

/** GET, POST and DELETE answer the waitlist state of the appointment. */
export const waitlistStateSchema = z.object({
  joined: z.boolean(),
  /** null when not joined */
  scope: waitlistScopeSchema.nullable(),
});
export type WaitlistState = z.infer<typeof waitlistStateSchema>;

/** The offer link's token. */
export const earlierTimeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const earlierTimeParamsSchema = z.object({ token: earlierTimeTokenSchema });

/** POST /api/earlier-time/{token}?csrfToken: takes the offer (a swap like change time). */
export const earlierTimeResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('success'), appointmentId: z.string() }),
  /** someone else was first */
  z.object({ type: z.literal('appointmentNotAvailable') }),
  z.object({ type: z.literal('offerExpired') }),
  /** the current appointment can no longer be moved (cancelled, or inside the cancellation window) */
  z.object({ type: z.literal('deadlineExceeded') }),
]);
export type EarlierTimeResponse = z.infer<typeof earlierTimeResponseSchema>;
