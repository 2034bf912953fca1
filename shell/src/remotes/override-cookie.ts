import { REMOTE_OVERRIDES_COOKIE } from '@portal/shared-api';
import type { Overrides } from './overrides';

/** as long as browsers keep a cookie (400 days): the overrides in localStorage do not expire either */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * Tells the server which remotes this browser loads from a developer's build, so the pages it serves
 * do not preload the deployed files of those remotes (the server cannot read localStorage). Without
 * overrides the cookie is removed.
 */
export function shareOverridesWithServer(active: Overrides, target: { cookie: string; location: { protocol: string } } = document): void {
  const ids = Object.keys(active).sort();
  const secure = target.location.protocol === 'https:' ? '; Secure' : '';
  target.cookie =
    ids.length > 0
      ? `${REMOTE_OVERRIDES_COOKIE}=${encodeURIComponent(ids.join(','))}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
      : `${REMOTE_OVERRIDES_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
