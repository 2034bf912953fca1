import { createContext, useContext, type ReactNode } from 'react';
import type { MessagingClient } from '@portal/shared-api';

const MessagingClientContext = createContext<MessagingClient | null>(null);

/** Pages get the GraphQL client from context, so tests hand them a fake (`createMockMessagingClient`). */
export function MessagingClientProvider({ client, children }: { client: MessagingClient; children: ReactNode }) {
  return <MessagingClientContext.Provider value={client}>{children}</MessagingClientContext.Provider>;
}

export function useMessagingClient(): MessagingClient {
  const client = useContext(MessagingClientContext);
  if (!client) throw new Error('useMessagingClient() used outside MessagingProviders');
  return client;
}
