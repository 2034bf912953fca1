import type { ComponentType } from 'react';
import { ConversationsPage } from './conversations/ConversationsPage';
import { NewConversationPage } from './new-conversation/NewConversationPage';
import { ThreadPage } from './thread/ThreadPage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pagesByRouteId: Readonly<Record<string, ComponentType>> = {
  'messaging.conversations': ConversationsPage,
  'messaging.new': NewConversationPage,
  'messaging.thread': ThreadPage,
};
