import type { FastifyInstance } from 'fastify';
import { defineModule } from '../module';
import { BROKER_MOUNT_PATH, brokerIssuer, createBrokerProvider } from './broker/provider';
import { loadOrCreateBrokerSecrets } from './broker/keys';
import { registerBrokerRoutes } from './broker/routes';
import { purgeExpiredBrokerModels } from './broker/adapter';
import { createInProcessFetch } from './in-process-fetch';
import { RelyingParty } from './relying-party';
import { registerSignInRoutes } from './sign-in-routes';
import { identityDemoParts, loadIdentityConfig, type IdentityConfig } from './config';
import type { RateLimitRule } from './rate-limit';

export interface IdentityModuleOptions {
  /** identification attempts per client IP: GET /oauth/authenticate and the broker's form posts */
  rateLimits?: { authenticate?: RateLimitRule; brokerLogin?: RateLimitRule };
}

export interface IdentityPluginOptions extends IdentityModuleOptions {
  config: IdentityConfig;
}

const TEN_MINUTES = 600;
const defaultRateLimits = {
  authenticate: { max: 60, windowSeconds: TEN_MINUTES },
  brokerLogin: { max: 30, windowSeconds: TEN_MINUTES },
} satisfies Record<string, RateLimitRule>;

/**
 * Strong identification: GET /oauth/authenticate and GET /oauth/callback (OpenID Connect
 * authorization code flow with PKCE against OIDC_ISSUER), and the built-in test identity broker
 * under /broker when OIDC_ISSUER is unset. Needs the core's app.db, app.config, app.people and
 * app.sessions, and @fastify/cookie.
 */
async function identityPlugin(app: FastifyInstance, options: IdentityPluginOptions): Promise<void> {
  const { dataDir, publicUrl } = app.config;
  const { oidcIssuer, oidcClientId, oidcClientSecret } = options.config;
  const rateLimits = { ...defaultRateLimits, ...options.rateLimits };
  let relyingParty: RelyingParty;

  if (oidcIssuer) {
    relyingParty = new RelyingParty({
      issuer: oidcIssuer,
      clientId: oidcClientId,
      clientSecret: oidcClientSecret,
      allowInsecureRequests: oidcIssuer.startsWith('http:'),
    });
  } else {
    const secrets = await loadOrCreateBrokerSecrets(dataDir);
    const provider = createBrokerProvider({
      db: app.db,
      publicUrl,
      clientId: oidcClientId,
      clientSecret: oidcClientSecret,
      secrets,
    });
    await registerBrokerRoutes(app, {
      provider,
      formTokenKey: secrets.cookieKeys[0] ?? '',
      rateLimit: rateLimits.brokerLogin,
    });
    relyingParty = new RelyingParty({
      issuer: brokerIssuer(publicUrl),
      clientId: oidcClientId,
      clientSecret: oidcClientSecret,
      allowInsecureRequests: publicUrl.startsWith('http:'),
      // The portal talks to its own broker without a network round trip: works behind any proxy.
      fetch: createInProcessFetch(app, publicUrl, BROKER_MOUNT_PATH),
    });
    app.addHook('onReady', async () => {
      await purgeExpiredBrokerModels(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'broker purge failed'));
    });
  }

  registerSignInRoutes(app, { relyingParty, rateLimit: rateLimits.authenticate, builtInBroker: oidcIssuer === null });
}

// Registered with `await app.register(identityPlugin, { config })`: its routes join the core's
// context (hooks, error handler, cookies) the way fastify-plugin would arrange.
const registrable = Object.assign(identityPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'identity',
});
export default registrable;

/** Strong identification: /oauth sign-in and, without OIDC_ISSUER, the built-in test broker. */
export const identityModule = defineModule({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  demoParts: identityDemoParts,
  async install(app, config) {
    await app.register(registrable, { config });
  },
});
