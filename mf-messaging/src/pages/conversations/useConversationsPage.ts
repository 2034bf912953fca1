import { usePageState } from '@portal/shared-ui';

/** The conversation list's loader state: ok or maintenance-mode, the messaging user, the announcement, the polling interval. */
export function useConversationsPage() {
  return usePageState('messaging.conversations');
}
