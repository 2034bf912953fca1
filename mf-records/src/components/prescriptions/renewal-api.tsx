import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '@portal/shared-api';
import { useShell } from '@portal/shared-ui';

const RenewalApiContext = createContext<ApiClient | null>(null);

/** Tests hand the renewal page a fake client (`createMockApiClient` of shared-api's /mock). */
export function RenewalApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <RenewalApiContext.Provider value={client}>{children}</RenewalApiContext.Provider>;
}

/**
 * The REST client the renewal page sends with: the signed-in user's csrfToken on every
 * state-changing call, and every answer's session expiry handed to the shell (its expiry warnings
 * stay true). State-changing calls are never retried.
 */
export function useRenewalApi(): ApiClient {
  const provided = useContext(RenewalApiContext);
  const shell = useShell();
  const own = useMemo(
    () =>
      createApiClient({
        getCsrfToken: () => shell.user?.csrfToken,
        onSessionExpires: (expiresAt) => shell.session.getState().setExpiresAt(expiresAt),
      }),
    [shell],
  );
  return provided ?? own;
}
