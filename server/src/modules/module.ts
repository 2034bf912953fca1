import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import type { TestIdentityBroker } from './identity/index';
import type { TestInsurers } from './booking/index';
import type { TestPaymentProvider } from './payments/index';
import type { TestSmsGateway } from './mfa/index';

/**
 * The test doubles standing in for the systems outside the portal, each behind its module's port
 * (the type named here, exported by that module's index.ts). They live in server/src/demo/, which
 * no module imports: app.ts gives them as `app.testDoubles`, the ones the configuration asks for
 * (demo/index.ts), and a module takes its double from there while it installs, so the double's
 * routes come after fair use and sessions like the module's own. A module whose configuration
 * names a real system uses its real adapter and never looks here.
 */
export interface TestDoubles {
  /** the built-in identity broker under /broker (OIDC_ISSUER unset) */
  identityBroker?: TestIdentityBroker;
  /** Pohjola, LähiTapiola and the concept service (no real integration exists) */
  insurers?: TestInsurers;
  /** the test payment provider under /test-payment-provider (PAYMENT_PROVIDER=test) */
  paymentProvider?: TestPaymentProvider;
  /** the SMS outbox table and GET /api/dev/sms-outbox (no real gateway exists) */
  smsGateway?: TestSmsGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The test doubles this app runs (TestDoubles above): empty when the configuration names only real systems. */
    testDoubles: TestDoubles;
  }
}

/**
 * The one contract every server module follows (README.md in this folder). A module is a folder
 * whose index.ts exports one `defineModule(…)`; the app installs every module from one list
 * (./index.ts), in that list's order.
 */
export interface PortalModule<Name extends string = string, Config = undefined> {
  readonly name: Name;
  /**
   * Reads the module's own environment variables (its config.ts) and throws ConfigError (or a
   * subclass) naming every problem. Absent when the module has none; it then gets `undefined`.
   */
  readonly loadConfig?: (env: Env) => Config;
  /**
   * Registers the module's routes, page loaders (`app.pageLoaders`), front-page summary
   * (`app.frontPageSummaries`) and the services other modules use (decorators declared in its
   * index.ts). Absent for a module that only owns tables.
   *
   * Declared as a method on purpose: the app calls each module's install with the config its own
   * loadConfig produced, found by the module's name (./index.ts), which TypeScript cannot follow
   * through the list's union of modules; method parameters are checked bivariantly, so the list
   * type-checks while each definition still gets its precise config type.
   */
  install?(app: FastifyInstance, config: Config): void | Promise<void>;
  /**
   * What of this module's configuration belongs to the demo only: each test double it would run
   * and each secret still at a value published in this repository, as one line an operator can act
   * on. Without DEMO=true the server refuses to start while any module names one (../config.ts).
   * A method for the reason `install` is one: its parameter is checked bivariantly.
   */
  demoParts?(config: Config): string[];
  /**
   * The sources this module's configuration adds to the page's Content-Security-Policy (where its
   * pages post forms, load images from, or the browser sends data to), added to each directive after
   * the portal's own sources and the remotes' origins, in the list's order. app.ts assembles the
   * policy from every module's declaration once, before any module installs, so it reads the
   * configuration, not the app. A method for the reason `install` is one.
   */
  contentSecurityPolicy?(config: Config): ContentSecurityPolicySources;
}

/** The Content-Security-Policy directives a module may add sources to (see `PortalModule.contentSecurityPolicy`). */
export interface ContentSecurityPolicySources {
  readonly 'connect-src'?: readonly string[];
  readonly 'img-src'?: readonly string[];
  readonly 'form-action'?: readonly string[];
}

/** A module with its own configuration. */
export function defineModule<const Name extends string, Config>(
  definition: PortalModule<Name, Config> & { loadConfig: (env: Env) => Config },
): PortalModule<Name, Config>;
/** A module without environment variables of its own. */
export function defineModule<const Name extends string>(definition: Omit<PortalModule<Name>, 'loadConfig'>): PortalModule<Name>;
export function defineModule<Name extends string, Config>(definition: PortalModule<Name, Config>): PortalModule<Name, Config> {
  return definition;
}

/** The configuration type a module's loadConfig produces (`undefined` when it has none). */
export type ConfigOf<M> = M extends PortalModule<string, infer Config> ? Config : never;
