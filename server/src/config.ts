import { loadCoreConfig, type CoreConfig } from './config/core';
import { ConfigError, type Env } from './config/env';
import { portalModules, type PortalModules } from './modules/index';
import type { ConfigOf, PortalModule } from './modules/module';

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

/** The configuration would run demo parts without DEMO=true; the message names each. */
export class DemoPartsError extends ConfigError {
  constructor(readonly parts: string[]) {
    super(
      [
        'DEMO is not set, but this configuration would run parts that belong to the demo only:',
        ...parts.map((part) => `  - ${part}`),
        'Configure the real services named above, or set DEMO=true to run the demo (test doubles, seeded personas).',
      ].join('\n'),
    );
  }
}

/** Every module's demo parts under its configuration (module.ts `demoParts`), in the list's order. */
export function demoPartsOf(modules: ModuleConfigs): string[] {
  return portalModules.flatMap((module) => demoPartsOfModule(module, modules));
}

/** Generic over the name for the same reason as app.ts's installModule: module and config share a key. */
function demoPartsOfModule<Name extends keyof ModuleConfigs>(module: PortalModule<Name, ModuleConfigs[Name]>, configs: ModuleConfigs): string[] {
  return module.demoParts?.(configs[module.name]) ?? [];
}

/**
 * Parses the environment (process.env by default): the core first, then each module in the list's
 * order. Throws ConfigError (a module's may be a subclass) naming the problems it found, and
 * DemoPartsError when, without DEMO=true, a module would run a test double or a secret from the
 * repository: a production server never falls back on the demo by accident.
 */
export function loadConfig(env: Env = process.env): Config {
  const core = loadCoreConfig(env);
  const modules = loadModuleConfigs(env);
  if (!core.demo) {
    const parts = demoPartsOf(modules);
    if (parts.length > 0) throw new DemoPartsError(parts);
  }
  return { ...core, modules };
}
