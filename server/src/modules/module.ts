import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import type { Database } from '../db/index';
import type { DemoWorld } from '../seed/personas';

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
   * The module's part of the demo world, written after the people (seed/personas.ts) in the list's
   * order, inside the seed's one transaction. Rows are keyed by the personas: `world.people.mikko`.
   */
  readonly seed?: (db: Database, world: DemoWorld) => Promise<void>;
  /**
   * What of this module's configuration belongs to the demo only: each test double it would run
   * and each secret still at a value published in this repository, as one line an operator can act
   * on. Without DEMO=true the server refuses to start while any module names one (../config.ts).
   * A method for the reason `install` is one: its parameter is checked bivariantly.
   */
  demoParts?(config: Config): string[];
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
