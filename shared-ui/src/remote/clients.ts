import type { ApiClient, MessagingClient } from '@portal/shared-api';
import { useShell } from '../shell-context';

/** The session's REST client, from the shell (tests hand the fake shell a `createMockApiClient`). */
export function useApiClient(): ApiClient {
  return useShell().api;
}

/** The session's messaging GraphQL client, from the shell (tests: `createMockMessagingClient`). */
export function useMessagingClient(): MessagingClient {
  return useShell().messaging;
}
