import type { PrescriptionRenewalPageState } from '@portal/shared-api';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { patientAccess } from '../../patients/index';
import { loadRenewalPage } from '../renewal';
import type { PageDeps } from './deps';

/**
 * records.prescription-renewal: the subject's renewable prescriptions named by the route's ids
 * (renewal.ts loadRenewalPage, audited). Renewals travel as messages: offline while messaging is in
 * maintenance (asked at each request: the messaging module is installed after this one).
 */
export const loader: PageLoaderFactory<'records.prescription-renewal', PageDeps> = ({ app }) => {
  const maintenance = () => app.messaging.status === 'maintenance-mode';
  return async (ctx) => {
    // Offline during the messaging move (spec §8): nothing is read, the page shows the notice.
    if (maintenance()) return ok({ status: 'maintenance-mode' } satisfies PrescriptionRenewalPageState);
    const state = await loadRenewalPage(ctx.db, patientAccess(ctx.request), ctx.params.ids ?? '', ctx.lang);
    return state.status === 'ok' ? ok(state) : notFoundState(state);
  };
};
