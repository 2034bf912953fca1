import type { MyInformationPageState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { kelaCardOf } from '../kela/service';
import { MY_INFORMATION_ROUTE_ID, requireProfile } from '../profile/routes';
import { readProfile } from '../profile/queries';
import { smsLoginOf } from '../sms-login/routes';
import type { PageDeps } from './deps';

/**
 * account.my-information: the session's subject's profile (the ward's when a guardian acts for one),
 * audited, with the signed-in person's own passkeys (`app.passkeys`) and the subject's appointment
 * reminders (`app.reminders`), and what the SMS login and Kela card sections would otherwise ask
 * for once they run (GET /api/mfa, GET /api/kela-card, audited as that call is): the server's copy of
 * the page is then whole, and the shell waits for the visitor (issue 31).
 */
export const loader: PageLoaderFactory<'account.my-information', PageDeps> =
  ({ app, config }) =>
  async (ctx) => {
    const access = patientAccess(ctx.request);
    const profile = requireProfile(await auditedRead(ctx.db, access, MY_INFORMATION_ROUTE_ID, (personId) => readProfile(ctx.db, personId)));
    // passkeys are the signed-in person's own sign-in means: not listed on a ward's page
    const passkeys = access.actorPersonId === access.subjectPersonId ? await app.passkeys.list(access.actorPersonId) : null;
    // the patient's appointment reminders (the ward's when a guardian acts for one): modules/reminders
    const reminders = { setting: await app.reminders.settingOf(access.subjectPersonId) };
    const smsLogin = await smsLoginOf(app, access.actorPersonId);
    const kelaCard = await auditedRead(ctx.db, access, 'account.kela-card', (subject) => kelaCardOf(ctx.db, subject));
    return ok({ ...profile, privacyPolicyUrl: config.privacyPolicyUrl, passkeys, reminders, smsLogin, kelaCard } satisfies MyInformationPageState);
  };
