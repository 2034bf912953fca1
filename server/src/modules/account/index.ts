import { defineModule } from '../module';
import { loadAccountConfig } from './config';
import { installDataAccess } from './data-access/routes';
import { installKelaCard } from './kela/routes';
import { installProfile } from './profile/routes';
import { installRegistration } from './registration/routes';
import { seedAccount } from './seed';
import { installSmsLogin } from './sms-login/routes';
import { installTeamPages } from './team/routes';

export { loadAccountConfig, type AccountConfig } from './config';

/**
 * The mf-account remote's calls (spec part 2 §2.2, §2.4, §7): one folder per feature, each with its
 * routes and page loaders; the tables are in schema.ts, the demo data in seed.ts.
 */
export const accountModule = defineModule({
  name: 'account',
  loadConfig: loadAccountConfig,
  install(app, config) {
    installProfile(app, config);
    installRegistration(app, config);
    installKelaCard(app, config);
    installSmsLogin(app, config);
    installTeamPages(app, config);
    installDataAccess(app, config);
  },
  seed: seedAccount,
});
