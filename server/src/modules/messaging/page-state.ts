import type { FastifyInstance } from 'fastify';
import { buildPath, findRoute } from '@portal/shared-i18n';
import type { Lang, MessagingPageState } from '@portal/shared-api';
import type { LoaderContext } from '../../pages/loaders';
import { auditedRead, patientAccess } from '../patients/index';
import { localizedAnnouncement, type MessagingConfig } from './config';
import { customerUserIdOf } from './queries';

export const THREAD_ROUTE_ID = 'messaging.thread';

/** The thread page's localized segment when the route table has no messaging remote (spec part 1 §2). */
const MESSAGES_SEGMENT: Record<Lang, string> = { fi: 'viestit', sv: 'meddelanden', en: 'conversations' };

/** The thread page's path, e.g. /fi/viestit/12: from the route table, else from the spec's segments. */
export function threadPathOf(app: FastifyInstance): (lang: Lang, threadId: number) => string {
  return (lang, threadId) => {
    const route = findRoute(app.routeTable.current(), THREAD_ROUTE_ID);
    return route ? buildPath(route, lang, { id: String(threadId) }) : `/${lang}/${MESSAGES_SEGMENT[lang]}/${threadId}`;
  };
}

/**
 * The state the messaging pages share (route ids messaging.conversations, messaging.thread,
 * messaging.new; their loaders are pages/<page>.ts). The conversations themselves come over
 * GraphQL; this says whether the pages may call it. `action` names the audited read.
 */
export async function messagingBaseState(ctx: LoaderContext, config: MessagingConfig, action: string): Promise<MessagingPageState> {
  const allowed = ctx.features.includes('customer-messaging-allowed');
  const customerMessagingUserId = allowed
    ? await auditedRead(ctx.db, patientAccess(ctx.request), action, (personId) => customerUserIdOf(ctx.db, personId))
    : null;
  return {
    status: config.status,
    customerMessagingUserId: customerMessagingUserId === null ? null : String(customerMessagingUserId),
    info: localizedAnnouncement(config.announcement, ctx.lang),
    pollIntervalMs: config.pollIntervalMs,
  };
}
