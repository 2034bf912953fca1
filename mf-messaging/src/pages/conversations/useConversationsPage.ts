import { messagingPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const CONVERSATIONS_ROUTE_ID = 'messaging.conversations';

/** The conversation list's loader state: ok or maintenance-mode, the messaging user, the announcement, the polling interval. */
export function useConversationsPage() {
  return usePageState(CONVERSATIONS_ROUTE_ID, messagingPageStateSchema);
}
