import { z } from 'zod';

/** Answer of every call whose input failed validation (HTTP 400). `path` is the dotted field path. */
export const validationErrorSchema = z.object({
  type: z.literal('ValidationError'),
  details: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

/** Any other error answer (401, 403, 404, 429, 500, 503): a machine-readable type and a safe message. */
export const apiErrorSchema = z.object({
  type: z.enum(['NotFound', 'Unauthorized', 'Forbidden', 'CsrfTokenInvalid', 'TooManyRequests', 'ServiceUnavailable', 'InternalError']),
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Every API response of a signed-in caller carries the session's expiry in this header (ISO instant). */
export const SESSION_EXPIRES_HEADER = 'x-session-expires';
