import type { FastifyInstance } from 'fastify';
import { MFA_FEATURE, SICKNESS_FUND_MEMBER_FEATURE, type HelpPageState, type PikkutsattiPageState } from '@portal/shared-api';
import { ok, type LoaderContext } from '../../../pages/loaders';
import { helsinkiToday } from '@portal/shared-i18n';
import { auditedRead, patientAccess } from '../../patients/access';
import type { AccountConfig } from '../config';
import { SICKNESS_FUND_ROUTE_ID, sicknessFundInfo } from './sickness-fund';
import { loadTeamPage, TEAM_ROUTE_ID } from './team';

/** The children's chat pages (logged in and anonymous): the brand's app links. */
const pikkutsattiState = (ctx: LoaderContext): PikkutsattiPageState => ({ appLinks: ctx.config.brandConfig.appLinks });

/**
 * The help page: instructions on the adult brand only, the SMS login FAQ with the mfa feature (quoting
 * the code's lifetime and the wrong codes allowed from this module's settings), the brand's phone.
 */
const helpState = (ctx: LoaderContext, config: AccountConfig): HelpPageState => ({
  brand: ctx.config.brand,
  showGeneralInstructions: ctx.config.brand === 'adult',
  smsLoginFaq: ctx.features.includes(MFA_FEATURE)
    ? { codeValidMinutes: Math.max(1, Math.round(config.smsLoginCodeTtlSeconds / 60)), maxAttempts: config.smsLoginMaxAttempts }
    : null,
  customerServicePhone: ctx.config.brandConfig.customerServicePhone,
});

/**
 * The page loaders of the occupational health team, the sickness fund, the children's chat (both
 * variants) and help (spec part 2 §2.2, §2.4, §6, §8). These pages have no calls of their own.
 *
 * - account.team reads the session's subject's team, audited; OCCUPATIONAL_API_STATUS=temporary-error
 *   answers temporary-api-error without reading anything (the API behind it is down).
 * - account.sickness-fund is for members only: the signed-in person's feature
 *   is-finnair-sickness-fund-member (the same test as the side menu's); the environment feature
 *   sickness-fund-page already decides whether the route exists at all.
 */
export function installTeamPages(app: FastifyInstance, config: AccountConfig): void {
  const apiDown = config.occupationalApiStatus === 'temporary-error';

  app.pageLoaders.register(TEAM_ROUTE_ID, async (ctx) => {
    const access = patientAccess(ctx.request);
    if (apiDown) return ok({ status: 'temporary-api-error' as const });
    return ok(await auditedRead(ctx.db, access, TEAM_ROUTE_ID, (personId) => loadTeamPage(ctx.db, personId, helsinkiToday())));
  });

  app.pageLoaders.register(SICKNESS_FUND_ROUTE_ID, async (ctx) => {
    // a signed-in page: no session, no answer (the page route sends anonymous callers to log in first)
    patientAccess(ctx.request);
    if (apiDown) return ok({ status: 'temporary-api-error' as const });
    if (!ctx.features.includes(SICKNESS_FUND_MEMBER_FEATURE)) return ok({ status: 'not-member' as const });
    return ok({ status: 'ok' as const, fund: sicknessFundInfo });
  });

  app.pageLoaders.register('account.pikkutsatti', async (ctx) => ok(pikkutsattiState(ctx)));
  app.pageLoaders.register('account.pikkutsatti-anonymous', async (ctx) => ok(pikkutsattiState(ctx)));
  app.pageLoaders.register('account.help', async (ctx) => ok(helpState(ctx, config)));
}
