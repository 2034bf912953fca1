import { createMessagingClient, type MessagingClient } from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';

/**
 * The GraphQL client wired to the shell's session: the csrfToken of the signed-in user, and every
 * answer's session expiry handed to the shell so its expiry toasts stay true.
 */
export function createShellMessagingClient(shell: ShellContextValue): MessagingClient {
  return createMessagingClient({
    getCsrfToken: () => shell.user?.csrfToken,
    onSessionExpires: (expiresAt) => shell.session.getState().setExpiresAt(expiresAt),
  });
}
