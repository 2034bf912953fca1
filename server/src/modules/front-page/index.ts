import type { FastifyInstance } from 'fastify';
import type { FrontPageState } from '@portal/shared-api';
import { auditedRead, patientAccess } from '../patients/access';
import { ok } from '../../pages/loaders';
import { recordsSummary } from '../records/queries';

/** The front page's loader: the subject's first name and each deployed remote's summaries. */
export function installFrontPage(app: FastifyInstance): void {
  app.pageLoaders.register('front-page', async (ctx) => {
    const access = patientAccess(ctx.request);
    const deployed = new Set(ctx.config.remotes.remotes.map((r) => r.id));
    const subject = await app.people.findById(access.subjectPersonId);
    const summaries: FrontPageState['summaries'] = {};
    if (deployed.has('mf-records')) {
      summaries['mf-records'] = await auditedRead(ctx.db, access, 'records.summary', (personId) =>
        recordsSummary(ctx.db, personId, { lang: ctx.lang, renewalEnabled: ctx.features.includes('prescription-renewal') }),
      );
    }
    const state: FrontPageState = { firstName: subject?.givenName ?? '', summaries };
    return ok(state);
  });
}
