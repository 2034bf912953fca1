import { loadCoreConfig, type CoreConfig } from './config/core';
import type { Env } from './config/env';
import { portalModules, type PortalModules } from './modules/index';
import type { ConfigOf } from './modules/module';

export { ConfigError } from './config/env';
export type { CoreConfig } from './config/core';
export { repoRoot } from './paths';

/** Each module's own configuration, by module name (what its config.ts loads; undefined when it has none). */
export type ModuleConfigs = { [M in PortalModules as M['name']]: ConfigOf<M> };

/**
 * The app's configuration: the portal's own settings (config/core.ts) and every module's, each
 * loaded by the module that owns the variables. Configuration flows from the modules up to here;
 * no module imports this file.
 */
export interface Config extends CoreConfig {
  modules: ModuleConfigs;
}

function loadModuleConfigs(env: Env): ModuleConfigs {
  const entries = portalModules.map((module) => [module.name, module.loadConfig?.(env)] as const);
  // why the cast: fromEntries forgets which name goes with which config; each pair above comes
  // from one module's own name and loadConfig, which is what ModuleConfigs says.
  return Object.fromEntries(entries) as ModuleConfigs;
}

/**
 * Parses the environment (process.env by default): the core first, then each module in the list's
 * order. Throws ConfigError (a module's may be a subclass) naming the problems it found.
 */
export function loadConfig(env: Env = process.env): Config {
  return { ...loadCoreConfig(env), modules: loadModuleConfigs(env) };
}
