import { defineModule } from '../module';
import { loadFrontPageConfig } from './config';
import { LandingFacts } from './landing';
import { registerPageLoaders } from './pages/index.generated';
import { SummaryRegistry } from './summaries';

export type { SummaryContext, SummaryLoader } from './summaries';
export type { LandingFacts, LandingFactTypes, PersonExpression } from './landing';
export { loadFrontPageConfig, type FrontPageConfig } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    /** the front page's summaries: a module registers its remote's in its install */
    frontPageSummaries: SummaryRegistry;
    /** what the front page asks about its subject (landing.ts): a module registers its part in its install */
    frontPageLanding: LandingFacts;
  }
}

/**
 * The shell's front page. Its loader (pages/front-page.ts): the subject's first name, the chat
 * promotion their occupational contract gives (chat-promotion.ts), and the summary of each remote
 * served to the visitor that has one, in the remotes manifest's order. The summaries come from their own modules through
 * `app.frontPageSummaries`; one that fails is left out (its parcel shows a small error) and the
 * rest of the page stays. Installed before the modules that register summaries.
 */
export const frontPageModule = defineModule({
  name: 'front-page',
  loadConfig: loadFrontPageConfig,
  install(app, config) {
    const summaries = new SummaryRegistry();
    app.decorate('frontPageSummaries', summaries);
    const landing = new LandingFacts();
    app.decorate('frontPageLanding', landing);

    // the shell's pages' loaders, each its pages/<page>.ts (generated from shell/routes.json)
    registerPageLoaders(app, { app, config, summaries, landing });
  },
});
