import { defineModule } from '../module';
import { loadAccountConfig } from './config';
import { installDataAccess } from './data-access/routes';
import { installKelaCard } from './kela/routes';
import { registerPageLoaders } from './pages/index.generated';
import { installProfile } from './profile/routes';
import { installRegistration } from './registration/routes';
import { installSmsLogin } from './sms-login/routes';

export { loadAccountConfig, type AccountConfig } from './config';
/** Whose session expired, for the passkeys module's sign-in after expiry (as SMS login knows it). */
export { expiredSessionOf, forgetExpiredSession, type ExpiredSession } from './sms-login/expired-session';
/** My information as other modules read it: the reservation and pay pages' contact details, the language of a patient's SMS. */
export { profileLanguages, readProfile, type ProfileRecord } from './profile/queries';

/**
 * The mf-account remote's calls (spec part 2 §2.2, §2.4, §7): one folder per feature, each with its
 * routes (each page's loader is pages/<page>.ts); the tables are in schema.ts.
 */
export const accountModule = defineModule({
  name: 'account',
  loadConfig: loadAccountConfig,
  install(app, config) {
    // every page's loader, each its pages/<page>.ts (generated from mf-account/routes.json, and the
    // shell's expired-session page: tooling/route-ids-server.cjs)
    registerPageLoaders(app, { app, config });
    installProfile(app, config);
    installRegistration(app, config);
    installKelaCard(app, config);
    installSmsLogin(app, config);
    installDataAccess(app, config);
  },
});
