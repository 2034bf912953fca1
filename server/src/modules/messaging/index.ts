import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorBody, MessagingSummary } from '@portal/shared-api';
import { defineModule } from '../module';
import { auditedRead } from '../patients/index';
import { attachmentsOfApp, type AttachmentsPort } from './attachments-port';
import { loadMessagingConfig, type MessagingConfig, type MessagingStatus } from './config';
import { createMessagingGraphQL, MESSAGING_ENDPOINT } from './graphql-server';
import { answerGraphQL } from './graphql-http';
import { threadPathOf } from './page-state';
import { registerPageLoaders } from './pages/index.generated';
import { bearerTokenMatches, installStaffApi } from './staff-api';
import { messagingLandingEvents, messagingSummary } from './summary';

export { loadMessagingConfig, MessagingConfigError, type MessagingConfig } from './config';
export { messagingSummary } from './summary';
// For modules that write a customer's conversation themselves (records: the prescription renewal request).
export { createThread, insertMessage, markRead } from './thread-writes';
/** For the demo seed's closed conversation: the staff's close, unaudited without a staff channel. */
export { closeThread } from './staff';
export { customerUserIdOf, teamRecipients } from './queries';
/** The messages of the subject's conversations, as "Download my data" (the account module) maps them to FHIR. */
export { messagesForExport } from './data-export';

export interface MessagingOptions {
  /** default: the attachments module's service over `app.attachmentStorage` */
  attachments?: AttachmentsPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** what other modules may know of messaging's settings (records: renewals; mfa: the SMS outbox) */
    messaging: {
      readonly status: MessagingStatus;
      /** whether an Authorization header carries the staff API token (false when none is set) */
      staffTokenMatches(authorization: string | undefined): boolean;
    };
  }
}

/** What the conversations block shows when messaging is off for this environment: nothing (spec §1 "only if present"). */
const NO_CONVERSATIONS: MessagingSummary = { totalCount: 0, unreadCount: 0, threads: [] };

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
export function installMessaging(app: FastifyInstance, config: MessagingConfig, options: MessagingOptions = {}): void {
  const { staffApiToken } = config;
  app.decorate('messaging', {
    status: config.status,
    staffTokenMatches: (authorization: string | undefined) => staffApiToken !== null && bearerTokenMatches(authorization, staffApiToken),
  });
  const yoga = createMessagingGraphQL({
    db: app.db,
    config,
    environment: app.config.environment,
    features: app.config.features,
    services: {
      attachments: options.attachments ?? attachmentsOfApp(app),
      threadPath: threadPathOf(app),
      // the records module is installed before this one
      questionnairesStatus: app.records.questionnairesStatus,
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

  // every page's loader, each its pages/<page>.ts (generated from mf-messaging/routes.json)
  registerPageLoaders(app, { app, config });
  app.frontPageLanding.registerEvents('messaging', messagingLandingEvents);
  app.frontPageSummaries.register('mf-messaging', (ctx) =>
    ctx.features.includes('customer-messaging-allowed')
      ? auditedRead(ctx.db, ctx.access, 'messaging.summary', (personId) => messagingSummary(ctx.db, personId)).then((summary) =>
          // in maintenance the block stays (the conversations can be read) but offers no new message
          config.status === 'maintenance-mode' ? { ...summary, maintenance: true } : summary,
        )
      : Promise.resolve(NO_CONVERSATIONS),
  );
  if (staffApiToken) installStaffApi(app, staffApiToken);
}

/** Customer messaging: GraphQL, the messaging pages, the conversations summary, the staff API. */
export const messagingModule = defineModule({
  name: 'messaging',
  loadConfig: loadMessagingConfig,
  install(app, config) {
    installMessaging(app, config);
  },
});
