import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';
import { defineModule } from '../module';
import { RelyingParty } from './relying-party';
import { registerSignInRoutes } from './sign-in-routes';
import { identityDemoParts, loadIdentityConfig, type IdentityConfig } from './config';
import type { RateLimitRule } from '../../counters/limiter';

/** The broker's look (the demo insurer's and test payment provider's pages share it) and the login page's path. */
export { BROKER_STYLESHEET_PATH, brokerStylesheet, renderIdentityPage } from './pages';
export { loginErrorPath, loginPath } from './login-paths';
/** What the portal asks a broker for and reads from its ID token (the test broker releases the same). */
export { IDENTITY_CODE_CLAIM, MANDATE_FOR_CLAIM, MANDATE_SCOPE } from './claims';
/** The identification pages' texts, for the test broker's pages. */
export { message as identityMessage, optionalMessage as optionalIdentityMessage } from './messages';

/**
 * The port of the built-in test identity broker (server/src/demo/identity-broker/), run when
 * OIDC_ISSUER is unset: it registers its routes in this app and answers the issuer the relying
 * party signs in against and the fetch that reaches it.
 */
export interface TestIdentityBroker {
  install(
    app: FastifyInstance,
    options: { clientId: string; clientSecret: string; rateLimit: RateLimitRule },
  ): Promise<{ issuer: string; fetch: CustomFetch }>;
}

export interface IdentityModuleOptions {
  /** identification attempts per client IP: GET /oauth/authenticate and the broker's form posts */
  rateLimits?: { authenticate?: RateLimitRule; brokerLogin?: RateLimitRule };
}

export interface IdentityPluginOptions extends IdentityModuleOptions {
  config: IdentityConfig;
  /** the broker used when OIDC_ISSUER is unset */
  testBroker?: TestIdentityBroker;
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
  const { publicUrl } = app.config;
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
    if (!options.testBroker) throw new Error('OIDC_ISSUER is unset and no test identity broker is wired (server/src/demo/)');
    const broker = await options.testBroker.install(app, { clientId: oidcClientId, clientSecret: oidcClientSecret, rateLimit: rateLimits.brokerLogin });
    relyingParty = new RelyingParty({
      issuer: broker.issuer,
      clientId: oidcClientId,
      clientSecret: oidcClientSecret,
      allowInsecureRequests: publicUrl.startsWith('http:'),
      fetch: broker.fetch,
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
    const testBroker = app.testDoubles.identityBroker;
    await app.register(registrable, { config, ...(testBroker ? { testBroker } : {}) });
  },
});
