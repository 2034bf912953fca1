import type { FrontPageState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { remotesViewOf } from '../../../pages/visitor-remotes';
import { patientAccess } from '../../patients/index';
import { chatPromotionOf } from '../chat-promotion';
import { frontPageRedirect } from '../landing';
import type { PageDeps } from './deps';

/**
 * The front page: the subject's first name, the chat promotion their occupational contract gives
 * (chat-promotion.ts), and the summary of each remote served to the visitor that has one, in the
 * remotes manifest's order (`summaries`); one that fails is left out.
 */
export const loader: PageLoaderFactory<'front-page', PageDeps> =
  ({ app, config, summaries, landing }) =>
  async (ctx) => {
    // the summaries' reads are one entry of the access log, "Front page: …"
    const access = { ...patientAccess(ctx.request), page: 'front-page' as const };
    // the remotes this visitor is served (their canary bucket's versions)
    const deployed = remotesViewOf(app, ctx.request).remotes.map((remote) => remote.id);
    // The subject's name and landing in one statement, side by side with the summaries.
    // A check that fails (a module's tables away) shows the front page, as a failing summary does;
    // the name then comes from the people table alone.
    const [subject, summaryStates] = await Promise.all([
      landing.subject(ctx.db, access.subjectPersonId).catch(async (error: unknown) => {
        ctx.request.log.error({ err: error }, 'the front page could not tell whether to send the visitor on');
        const person = await app.people.findById(access.subjectPersonId);
        return person ? { givenName: person.givenName, registered: person.registered, hasEvents: true, contractProductIds: null } : null;
      }),
      summaries.collect(deployed, { ...ctx, access }, ctx.request.log),
    ]);
    // the subject's contract: a guardian acting for a ward sees the ward's (a child has none)
    const chatPromotion = chatPromotionOf(
      ctx.config.brand,
      subject?.contractProductIds ?? null,
      config.chatPromotion,
      ctx.config.brandConfig.customerServicePhone,
    );
    const state: FrontPageState = { firstName: subject?.givenName ?? '', ...(chatPromotion && { chatPromotion }), summaries: summaryStates };
    // Not a customer yet, or a customer with nothing to show: a full page load goes to
    // registration or the first-time welcome page instead (landing.ts).
    const redirectTo = frontPageRedirect(subject);
    return redirectTo ? { ...ok({ ...state, landing: redirectTo }), redirectTo } : ok(state);
  };
