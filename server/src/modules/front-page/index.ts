import type { FastifyInstance } from 'fastify';
import type { FrontPageState, MessagingSummary } from '@portal/shared-api';
import { auditedRead, patientAccess } from '../patients/access';
import { ok } from '../../pages/loaders';
import { messagingSummary } from '../messaging/index';
import { recordsSummary } from '../records/queries';

/** What the conversations block shows when messaging is off for this environment: nothing (spec §1 "only if present"). */
const NO_CONVERSATIONS: MessagingSummary = { totalCount: 0, unreadCount: 0, threads: [] };

/**
 * The front page's loader: the subject's first name and each deployed remote's summaries. A remote
 * whose summary fails is left out (its parcel shows a small error) and the rest of the page stays.
 */
export function installFrontPage(app: FastifyInstance): void {
  app.pageLoaders.register('front-page', async (ctx) => {
    const access = patientAccess(ctx.request);
    const deployed = new Set(ctx.config.remotes.remotes.map((r) => r.id));
    const subject = await app.people.findById(access.subjectPersonId);
    const summaries: FrontPageState['summaries'] = {};
    if (deployed.has('mf-messaging')) {
      try {
        summaries['mf-messaging'] = ctx.features.includes('customer-messaging-allowed')
          ? await auditedRead(ctx.db, access, 'messaging.summary', (personId) => messagingSummary(ctx.db, personId))
          : NO_CONVERSATIONS;
      } catch (err) {
        ctx.request.log.error({ err }, 'the conversations summary failed; the front page goes on without it');
      }
    }
    if (deployed.has('mf-records')) {
      summaries['mf-records'] = await auditedRead(ctx.db, access, 'records.summary', (personId) =>
        recordsSummary(ctx.db, personId, { lang: ctx.lang, renewalEnabled: ctx.features.includes('prescription-renewal') }),
      );
    }
    const state: FrontPageState = { firstName: subject?.givenName ?? '', summaries };
    return ok(state);
  });
}
