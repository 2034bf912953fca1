import type { RemotePageMap } from '@portal/shared-ui';
import { ConversationsPage } from './conversations/ConversationsPage';
import { NewConversationPage } from './new-conversation/NewConversationPage';
import { ThreadPage } from './thread/ThreadPage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pages: RemotePageMap = {
  'messaging.conversations': ConversationsPage,
  'messaging.new': NewConversationPage,
  'messaging.thread': ThreadPage,
};
