import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@portal/shared-api';
import { attachmentsOfApp, type AttachmentsPort } from './attachments-port';
import type { MessagingConfig } from './config';
import { createMessagingGraphQL, MESSAGING_ENDPOINT } from './graphql-server';
import { answerGraphQL } from './graphql-http';
import { registerMessagingPageLoaders, threadPathOf } from './page-loaders';
import { installStaffApi } from './staff-api';

export { loadMessagingConfig, MessagingConfigError, type MessagingConfig } from './config';
export { messagingSummary } from './summary';
export { seedMessaging } from './seed';
// For modules that write a customer's conversation themselves (records: the prescription renewal request).
export { createThread, insertMessage, markRead } from './thread-writes';
export { customerUserIdOf, teamRecipients } from './queries';

export interface MessagingOptions {
  /** default: the server's configuration (`app.config.messaging`) */
  config?: MessagingConfig;
  /** default: the attachments module's service over `app.attachmentStorage` */
  attachments?: AttachmentsPort;
}

/** A GraphQL document and its variables: bounded well above what the portal sends. */
const BODY_LIMIT_BYTES = 512 * 1024;

function csrfTokenOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.csrfToken;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Customer messaging: the GraphQL endpoint POST /api/customer-messaging (session and csrfToken
 * required), the messaging pages' loaders and, when STAFF_API_TOKEN is set, the professionals' API
 * for testers under /api/staff/messaging.
 */
export function installMessaging(app: FastifyInstance, options: MessagingOptions = {}): void {
  const config = options.config ?? app.config.messaging;
  const yoga = createMessagingGraphQL({
    db: app.db,
    config,
    environment: app.config.environment,
    features: app.config.features,
    services: {
      attachments: options.attachments ?? attachmentsOfApp(app),
      threadPath: threadPathOf(app),
      questionnairesStatus: app.config.records.questionnairesStatus,
    },
    log: app.log,
  });

  app.post(MESSAGING_ENDPOINT, { bodyLimit: BODY_LIMIT_BYTES }, async (request, reply) => {
    const session = request.session;
    if (!session) return reply.status(401).send({ type: 'Unauthorized', message: 'Sign-in required' } satisfies ApiErrorBody);
    // The sessions module checks it for every state change under /api already; a query is one too
    // here (it is a POST), and this route must not depend on that hook's rules staying the same.
    if (!app.sessions.csrfTokenMatches(session, csrfTokenOf(request))) {
      return reply
        .status(403)
        .send({ type: 'CsrfTokenInvalid', message: 'The csrfToken query parameter is missing or wrong' } satisfies ApiErrorBody);
    }
    const answer = await answerGraphQL(yoga, request);
    reply.status(answer.status).header('cache-control', 'no-store');
    if (answer.contentType) reply.header('content-type', answer.contentType);
    return reply.send(answer.body);
  });

  registerMessagingPageLoaders(app, config);
  if (config.staffApiToken) installStaffApi(app, config.staffApiToken);
}
