import type { FastifyBaseLogger } from 'fastify';
import type { FrontPageState } from '@portal/shared-api';
import type { LoaderContext } from '../../pages/loaders';
import type { PatientAccess } from '../patients/access';

/** The front page's summaries by remote id, as shared-api's front page state has them. */
export type FrontPageSummaries = FrontPageState['summaries'];
export type SummaryRemoteId = keyof FrontPageSummaries;

/** What a summary reads with: the front page's loader context and the subject it is read for. */
export interface SummaryContext extends LoaderContext {
  /** whose summary it is (the child when a guardian acts for one); audit every read through it */
  access: PatientAccess;
}

/** One remote's summary: its part of the front page, typed by that remote's summary schema. */
export type SummaryLoader<K extends SummaryRemoteId> = (ctx: SummaryContext) => Promise<NonNullable<FrontPageSummaries[K]>>;

/**
 * The front page's summaries, each given by the module whose remote shows it, so the front page
 * module names no remote: it asks every deployed remote's summary and leaves out the ones that fail.
 */
export class SummaryRegistry {
  private readonly loaders = new Map<string, (ctx: SummaryContext) => Promise<unknown>>();

  register<K extends SummaryRemoteId>(remoteId: K, loader: SummaryLoader<K>): void {
    if (this.loaders.has(remoteId)) throw new Error(`A front-page summary for '${remoteId}' is already registered`);
    this.loaders.set(remoteId, loader);
  }

  has(remoteId: string): boolean {
    return this.loaders.has(remoteId);
  }

  /**
   * The summaries of `remoteIds` (the deployed remotes, in manifest order) that have one. They are
   * read one after the other (a PGlite database has one connection anyway, and the audit rows keep
   * the order). A summary that fails is logged and left out: its parcel shows a small error and the
   * rest of the page stays.
   */
  async collect(remoteIds: readonly string[], ctx: SummaryContext, log: FastifyBaseLogger): Promise<FrontPageSummaries> {
    const summaries: Record<string, unknown> = {};
    for (const remoteId of remoteIds) {
      const loader = this.loaders.get(remoteId);
      if (!loader) continue;
      try {
        summaries[remoteId] = await loader(ctx);
      } catch (err) {
        log.error({ err, remoteId }, 'a front-page summary failed; the front page goes on without it');
      }
    }
    // why the cast: each value came from the loader registered for its key, typed by
    // SummaryLoader<K> at register(); the map cannot keep that pairing in its type.
    return summaries as FrontPageSummaries;
  }
}
