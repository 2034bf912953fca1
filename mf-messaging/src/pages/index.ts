import { lazyPage, type RemotePageMap } from '@portal/shared-ui';

/**
 * Route id (routes.json) → page, each its own chunk fetched when its route is first shown (lazyPage);
 * a route id's folder is found from its name.
 */
export const pages: RemotePageMap = {
  'messaging.conversations': lazyPage(() => import('./conversations/ConversationsPage').then((m) => m.ConversationsPage)),
  'messaging.new': lazyPage(() => import('./new-conversation/NewConversationPage').then((m) => m.NewConversationPage)),
  'messaging.thread': lazyPage(() => import('./thread/ThreadPage').then((m) => m.ThreadPage)),
};
