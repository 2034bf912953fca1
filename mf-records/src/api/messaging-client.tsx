import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createMessagingClient, type MessagingClient } from '@portal/shared-api';
import { useShell, type ShellContextValue } from '@portal/shared-ui';

/**
 * The messaging GraphQL client (AnswerQuestionnaire lives there, spec part 1 §7), wired to the
 * shell's session like the messaging remote's: the signed-in user's csrfToken, and every answer's
 * session expiry handed to the shell so its expiry toasts stay true.
 */
export function createShellMessagingClient(shell: ShellContextValue): MessagingClient {
  return createMessagingClient({
    getCsrfToken: () => shell.user?.csrfToken,
    onSessionExpires: (expiresAt) => shell.session.getState().setExpiresAt(expiresAt),
  });
}

const MessagingClientContext = createContext<MessagingClient | null>(null);

/** Hands pages a client of the caller's choice (tests: `createMockMessagingClient`). */
export function MessagingClientProvider({ client, children }: { client: MessagingClient; children: ReactNode }) {
  return <MessagingClientContext.Provider value={client}>{children}</MessagingClientContext.Provider>;
}

/** The provided client, else one built from the shell (once per shell). */
export function useMessagingClient(): MessagingClient {
  const provided = useContext(MessagingClientContext);
  const shell = useShell();
  return useMemo(() => provided ?? createShellMessagingClient(shell), [provided, shell]);
}
