import type { ModulePageDeps } from '../../../pages/loaders';
import type { FrontPageConfig } from '../config';
import type { LandingFacts } from '../landing';
import type { SummaryRegistry } from '../summaries';

/**
 * What the front-page module's page loaders (pages/<page>.ts: the shell's pages, but those
 * tooling/route-ids-server.cjs gives another module) are made from: the app, the module's config,
 * and the registries the other modules fill in their install.
 */
export interface PageDeps extends ModulePageDeps<FrontPageConfig> {
  summaries: SummaryRegistry;
  landing: LandingFacts;
}
