import type { FastifyInstance } from 'fastify';
import type { ReferralType } from '@portal/shared-api';
import { auditedRead, patientAccess } from '../patients/access';
import { notFoundState, ok, type LoaderContext } from '../../pages/loaders';
import type { ImagingApiStatus } from './config';
import { loadImagingResultPage } from './imaging';
import { loadLaboratoryResultPage } from './laboratory';
import { loadReferralPage } from './referrals';

/** A detail page's state: 404 with the page's not-found state, else 200. */
const answer = <State extends { status: string }>(state: State) => (state.status === 'not-found' ? notFoundState(state) : ok(state));

/**
 * Page loaders of the laboratory and imaging detail pages (the two lists are registered with the
 * other list pages in index.ts): records.laboratory-result, records.laboratory-referral,
 * records.imaging-result, records.imaging-referral. Each reads the session's subject only
 * (subjectPersonId: the child when a guardian acts for one), writes the audit row before reading,
 * and answers 404 with the page's not-found state for another patient's date or id.
 */
export function installLaboratoryAndImagingPages(app: FastifyInstance, options: { imagingApiStatus: ImagingApiStatus }): void {
  const { imagingApiStatus } = options;

  const read = <T>(ctx: LoaderContext, action: string, fn: (personId: string) => Promise<T>, details: Record<string, unknown>) =>
    auditedRead(ctx.db, patientAccess(ctx.request), action, fn, details);

  app.pageLoaders.register('records.laboratory-result', async (ctx) => {
    const date = ctx.params.date ?? '';
    return answer(await read(ctx, 'records.laboratory-result', (personId) => loadLaboratoryResultPage(ctx.db, personId, date, ctx.lang), { date }));
  });

  app.pageLoaders.register('records.imaging-result', async (ctx) => {
    // the imaging system is not asked, so nothing of the patient's is read (and nothing to audit)
    if (imagingApiStatus === 'temporary-error') {
      // the session is still required, as for every logged-in loader
      patientAccess(ctx.request);
      return ok({ status: 'temporary-api-error' as const });
    }
    const date = ctx.params.date ?? '';
    return answer(await read(ctx, 'records.imaging-result', (personId) => loadImagingResultPage(ctx.db, personId, date, ctx.lang), { date }));
  });

  const referralPage = (routeId: 'records.laboratory-referral' | 'records.imaging-referral', type: ReferralType) =>
    app.pageLoaders.register(routeId, async (ctx) => {
      const referralId = ctx.params.id ?? '';
      return answer(await read(ctx, routeId, (personId) => loadReferralPage(ctx.db, personId, type, referralId, ctx.lang), { referralId }));
    });
  referralPage('records.laboratory-referral', 'laboratory');
  referralPage('records.imaging-referral', 'imaging');
}
