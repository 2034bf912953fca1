import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESSIBILITY_FEEDBACK_PATH,
  ACCESSIBILITY_FEEDBACK_STAFF_PATH,
  accessibilityFeedbackListSchema,
  accessibilityFeedbackQuerySchema,
  accessibilityFeedbackRequestSchema,
  accessibilityFeedbackResponseSchema,
  validationErrorSchema,
  type ApiErrorBody,
} from '@portal/shared-api';
import { isCrossSiteBrowserRequest } from '../../http/route-policy';
import { defineModule } from '../module';
import { loadAccessibilityConfig, type AccessibilityConfig } from './config';
import { listFeedback, storeFeedback } from './feedback';

export { loadAccessibilityConfig, AccessibilityConfigError, type AccessibilityConfig } from './config';
export { listFeedback } from './feedback';

const HOUR_SECONDS = 3600;
const staffListQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/**
 * The accessibility statement's feedback channel (Act 306/2019 §17):
 *
 *   POST /api/accessibility-feedback?lang&csrfToken   { page?, description, email? } → 201
 *     Anonymous or signed in. CSRF: the default `required` (a signed-in caller sends the session's
 *     csrfToken, 403 otherwise); without a session a cross-site browser is refused by its Origin and
 *     Sec-Fetch-Site, as on the `anonymous-origin-check` routes. Within fair use, and at most
 *     ACCESSIBILITY_FEEDBACK_PER_HOUR an hour per signed-in person or per client address (429
 *     with Retry-After). Stored with the brand, the language and whether the sender was signed in;
 *     who sent it is not kept.
 *   GET /api/staff/accessibility-feedback?limit   Authorization: Bearer <STAFF_API_TOKEN> (the
 *     messaging module's staff token, `app.messaging.staffTokenMatches`; 401 otherwise): the newest first.
 */
export function installAccessibility(app: FastifyInstance, config: AccessibilityConfig): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const sameSiteWithoutSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.session && isCrossSiteBrowserRequest(request, app.config.publicUrl)) {
      return reply.status(403).send({ type: 'CsrfTokenInvalid', message: 'Cross-site requests are not accepted here' } satisfies ApiErrorBody);
    }
  };
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.session ? `person:${request.session.personId}` : `client:${request.ip}`;
    const verdict = await app.attemptLimiter.count(`accessibility-feedback:${caller}`, { max: config.feedbackPerHour, windowSeconds: HOUR_SECONDS });
    if (!verdict.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(verdict.retryAfterSeconds))
        .send({ type: 'TooManyRequests', message: 'Too much feedback from here; try again later' } satisfies ApiErrorBody);
    }
  };

  typed.post(
    ACCESSIBILITY_FEEDBACK_PATH,
    {
      bodyLimit: 32 * 1024,
      schema: {
        querystring: accessibilityFeedbackQuerySchema,
        body: accessibilityFeedbackRequestSchema,
        response: { 201: accessibilityFeedbackResponseSchema, 400: validationErrorSchema },
      },
      preValidation: [sameSiteWithoutSession, rateLimited],
    },
    async (request, reply) => {
      const stored = await storeFeedback(app.db, request.body, {
        brand: app.config.brand,
        lang: request.query.lang ?? 'fi',
        signedIn: request.session !== null,
      });
      request.log.info({ feedbackId: stored.id }, 'accessibility feedback received');
      return reply.status(201).send({ type: 'success', id: stored.id, received: stored.createdAt.toISOString() });
    },
  );

  typed.get(
    ACCESSIBILITY_FEEDBACK_STAFF_PATH,
    {
      // Bearer-authenticated: a patient's cookie is never read here.
      config: { csrf: 'bearer', session: false },
      schema: { querystring: staffListQuery },
      onRequest: async (request, reply) => {
        if (!app.messaging.staffTokenMatches(request.headers.authorization)) {
          return reply.status(401).send({ type: 'Unauthorized', message: 'A valid staff token is required' } satisfies ApiErrorBody);
        }
      },
    },
    async (request) => accessibilityFeedbackListSchema.parse({ feedback: await listFeedback(app.db, request.query.limit) }),
  );
}

/** The accessibility statement's feedback: its table, the form's route and the staff's list. */
export const accessibilityModule = defineModule({
  name: 'accessibility',
  loadConfig: loadAccessibilityConfig,
  install: installAccessibility,
});
