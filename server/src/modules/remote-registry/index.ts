import path from 'node:path';
import { defineModule } from '../module';
import { loadRemoteRegistryConfig } from './config';
import { createRegistry } from './registry';
import { installRegistryRoutes } from './routes';

export { loadRemoteRegistryConfig, RemoteRegistryConfigError, type RemoteRegistryConfig } from './config';
export type { CanaryBucket, RemoteRegistry, RemotesView, ServedRemote } from './contract';

/**
 * The remote registry (issue 29, docs/remote-registry.md): the versions of each remote, which one
 * each visitor is served (`app.remoteRegistry`, contract.ts), and the deploy API teams call with
 * their tokens. Installed before the pages, which read `app.remoteRegistry`; its start (registering
 * this server's builds, the first read of the registry, the poll) runs when the app is ready, and
 * its timers stop before the app closes.
 */
export const remoteRegistryModule = defineModule({
  name: 'remote-registry',
  loadConfig: loadRemoteRegistryConfig,
  async install(app, config) {
    const registry = createRegistry({
      db: app.db,
      log: app.log.child({ module: 'remote-registry' }),
      remotes: app.config.remotes,
      remotesDistRoot: app.config.remotesDistRoot,
      versionsDir: path.join(app.config.dataDir, 'remote-versions'),
      config,
    });
    // A registry given to buildApp (tests that switch what visitors are served) stays what the
    // pages read; this module's API and tables work the same beside it.
    if (!app.hasDecorator('remoteRegistry')) app.decorate('remoteRegistry', registry);
    await installRegistryRoutes(app, registry, config);
    app.addHook('onReady', async () => registry.start());
    app.addHook('preClose', async () => registry.stop());
  },
});
