import type { TestIdentityBroker } from '../../modules/identity/index';
import { purgeExpiredBrokerModels } from './adapter';
import { createInProcessFetch } from './in-process-fetch';
import { loadOrCreateBrokerSecrets } from './keys';
import { BROKER_MOUNT_PATH, brokerIssuer, createBrokerProvider } from './provider';
import { registerBrokerRoutes } from './routes';

/**
 * The built-in test identity broker (OIDC_ISSUER unset): an OpenID Connect provider under /broker
 * in the portal's own server, whose login page offers the demo personas.
 */
export const testIdentityBroker: TestIdentityBroker = {
  async install(app, { clientId, clientSecret, rateLimit }) {
    const { dataDir, publicUrl } = app.config;
    const secrets = await loadOrCreateBrokerSecrets(dataDir);
    const provider = createBrokerProvider({ db: app.db, publicUrl, clientId, clientSecret, secrets });
    await registerBrokerRoutes(app, { provider, formTokenKey: secrets.cookieKeys[0] ?? '', rateLimit });
    app.addHook('onReady', async () => {
      await purgeExpiredBrokerModels(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'broker purge failed'));
    });
    return {
      issuer: brokerIssuer(publicUrl),
      // The portal talks to its own broker without a network round trip: works behind any proxy.
      fetch: createInProcessFetch(app, publicUrl, BROKER_MOUNT_PATH),
    };
  },
};
