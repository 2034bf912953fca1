import type { FastifyBaseLogger } from 'fastify';
import type { FrontPageState } from '@portal/shared-api';
import type { LoaderContext } from '../../pages/loaders';
import type { PatientAccess } from '../patients/index';

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
   * all asked in the same turn of the event loop, in manifest order: each summary's audit row is
   * written through patients/access.ts, whose writer puts the rows of one turn into one INSERT (in
   * the order they were asked), so the page costs one audit statement, not one per summary, and on
   * PostgreSQL the summaries' reads run side by side. A summary that fails is logged and left out:
   * its parcel shows a small error and the rest of the page stays. The answer keeps manifest order.
   */
  async collect(remoteIds: readonly string[], ctx: SummaryContext, log: FastifyBaseLogger): Promise<FrontPageSummaries> {
    const asked = remoteIds.filter((remoteId) => this.loaders.has(remoteId));
    const answers = await Promise.allSettled(
      // async: a loader that throws before its first await fails alone, as one that rejects does
      asked.map(async (remoteId) => this.loaders.get(remoteId)!(ctx)),
    );
    const summaries: Record<string, unknown> = {};
    answers.forEach((answer, i) => {
      const remoteId = asked[i]!;
      if (answer.status === 'fulfilled') summaries[remoteId] = answer.value;
      else log.error({ err: answer.reason, remoteId }, 'a front-page summary failed; the front page goes on without it');
    });
    // why the cast: each value came from the loader registered for its key, typed by
    // SummaryLoader<K> at register(); the map cannot keep that pairing in its type.
    return summaries as FrontPageSummaries;
  }
}
