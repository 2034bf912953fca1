import type { Passkey } from '@portal/shared-api';
import { defineModule } from '../module';
import { relyingPartyOf } from './ceremonies';
import { installPasskeyRoutes } from './routes';
import { hasPasskey, listPasskeys } from './store';

/** What other modules read of passkeys (app.passkeys): My information's list, the expired-session page's offer. */
export interface PasskeyService {
  /** the person's passkeys, oldest first (name, created, last used; never keys) */
  list(personId: string): Promise<Passkey[]>;
  /** whether the person has any: the expired-session page offers "Use a passkey" and the expired session is kept for it */
  hasAny(personId: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    passkeys: PasskeyService;
  }
}

/** The name authenticators show beside the person's name in their passkey lists. */
const RELYING_PARTY_NAME = 'Potilasportaali';

/**
 * Passkeys for re-authentication (issue 33): WebAuthn credentials registered in My information and
 * used, after a session expired, instead of bank identification or an SMS code. The relying party
 * is the portal's public address (app.config.publicUrl): its host is the RP ID, its origin the only
 * one accepted. Routes: routes.ts; tables: schema.ts.
 */
export const passkeysModule = defineModule({
  name: 'passkeys',
  install(app) {
    const service: PasskeyService = {
      list: (personId) => listPasskeys(app.db, personId),
      hasAny: (personId) => hasPasskey(app.db, personId),
    };
    app.decorate('passkeys', service);
    installPasskeyRoutes(app, relyingPartyOf(app.config.publicUrl, RELYING_PARTY_NAME));
  },
});
