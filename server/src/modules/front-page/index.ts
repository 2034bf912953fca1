import type { FrontPageState } from '@portal/shared-api';
import { ok } from '../../pages/loaders';
import { defineModule } from '../module';
import { patientAccess } from '../patients/access';
import { frontPageRedirect } from './landing';
import { SummaryRegistry } from './summaries';

export type { SummaryContext, SummaryLoader } from './summaries';

declare module 'fastify' {
  interface FastifyInstance {
    /** the front page's summaries: a module registers its remote's in its install */
    frontPageSummaries: SummaryRegistry;
  }
}

/**
 * The front page's loader: the subject's first name and the summary of each deployed remote that
 * has one, in the remotes manifest's order. The summaries come from their own modules through
 * `app.frontPageSummaries`; one that fails is left out (its parcel shows a small error) and the
 * rest of the page stays. Installed before the modules that register summaries.
 */
export const frontPageModule = defineModule({
  name: 'front-page',
  install(app) {
    const summaries = new SummaryRegistry();
    app.decorate('frontPageSummaries', summaries);

    app.pageLoaders.register('front-page', async (ctx) => {
      const access = patientAccess(ctx.request);
      const deployed = ctx.config.remotes.remotes.map((remote) => remote.id);
      const subject = await app.people.findById(access.subjectPersonId);
      const state: FrontPageState = {
        firstName: subject?.givenName ?? '',
        summaries: await summaries.collect(deployed, { ...ctx, access }, ctx.request.log),
      };
      // Not a customer yet, or a customer with nothing to show: a full page load goes to
      // registration or the first-time welcome page instead (landing.ts).
      // A check that fails (a module's tables away) shows the front page, as a failing summary does.
      const redirectTo = await frontPageRedirect(ctx.db, subject).catch((error: unknown) => {
        ctx.request.log.error({ err: error }, 'the front page could not tell whether to send the visitor on');
        return undefined;
      });
      return redirectTo ? { ...ok({ ...state, landing: redirectTo }), redirectTo } : ok(state);
    });
  },
});
