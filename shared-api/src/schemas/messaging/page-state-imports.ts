import type { PageStateImports } from '../pages/page-state-imports';
import type { messagingPageStates } from './page-states';

/**
 * messagingPageStates, each schema imported when its route is first shown: the remote's browser bundle
 * constructs only the schemas of the pages the visitor opens (page-state-imports.test.ts checks
 * that every entry gives the same schema as messagingPageStates).
 */
export const messagingPageStateImports = {
  'messaging.conversations': () => import('./pages').then((m) => m.messagingPageStateSchema),
  'messaging.thread': () => import('./pages').then((m) => m.messagingPageStateSchema),
  'messaging.new': () => import('./pages').then((m) => m.newConversationPageStateSchema),
} as const satisfies PageStateImports<keyof typeof messagingPageStates>;
