import type { NewConversationPageState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { messagingBaseState } from '../page-state';
import { teamRecipients } from '../queries';
import { recipientNameIn } from '../vocabulary';
import type { PageDeps } from './deps';

/** messaging.new: the shared state (page-state.ts messagingBaseState) and whom a new conversation may be sent to. */
export const loader: PageLoaderFactory<'messaging.new', PageDeps> =
  ({ config }) =>
  async (ctx) => {
    const base = await messagingBaseState(ctx, config, 'messaging.new');
    // Without a messaging user (or the feature) there is nobody to write as: no recipients either.
    const recipients = base.customerMessagingUserId === null ? [] : await teamRecipients(ctx.db);
    const state: NewConversationPageState = {
      ...base,
      recipients: recipients.map((user) => ({ id: String(user.id), name: recipientNameIn(user, ctx.lang) })),
    };
    return ok(state);
  };
