import type { FastifyInstance } from 'fastify';
import { buildPath, findRoute } from '@portal/shared-i18n';
import type { Lang, MessagingPageState, NewConversationPageState } from '@portal/shared-api';
import { ok, type LoaderContext } from '../../pages/loaders';
import { auditedRead, patientAccess } from '../patients/access';
import { localizedAnnouncement, type MessagingConfig } from './config';
import { customerUserIdOf, teamRecipients } from './queries';
import { recipientNameIn } from './vocabulary';

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
 * The messaging pages' loaders (route ids messaging.conversations, messaging.thread, messaging.new).
 * The conversations themselves come over GraphQL; these say whether the pages may call it.
 */
export function registerMessagingPageLoaders(app: FastifyInstance, config: MessagingConfig): void {
  async function baseState(ctx: LoaderContext, action: string): Promise<MessagingPageState> {
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

  app.pageLoaders.register('messaging.conversations', async (ctx) => ok(await baseState(ctx, 'messaging.conversations')));
  app.pageLoaders.register(THREAD_ROUTE_ID, async (ctx) => ok(await baseState(ctx, 'messaging.thread-page')));
  app.pageLoaders.register('messaging.new', async (ctx) => {
    const base = await baseState(ctx, 'messaging.new');
    // Without a messaging user (or the feature) there is nobody to write as: no recipients either.
    const recipients = base.customerMessagingUserId === null ? [] : await teamRecipients(ctx.db);
    const state: NewConversationPageState = {
      ...base,
      recipients: recipients.map((user) => ({ id: String(user.id), name: recipientNameIn(user, ctx.lang) })),
    };
    return ok(state);
  });
}
