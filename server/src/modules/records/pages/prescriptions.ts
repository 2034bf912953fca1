import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadPrescriptionsPage } from '../prescriptions';
import type { PageDeps } from './deps';

/**
 * records.prescriptions: the session's subject's prescriptions, audited. Renewals travel as
 * messages: while messaging is in maintenance the page says so instead of a cart.
 */
export const loader: PageLoaderFactory<'records.prescriptions', PageDeps> =
  ({ app }) =>
  async (ctx) => {
    const state = await auditedRead(ctx.db, patientAccess(ctx.request), 'records.prescriptions', (personId) => loadPrescriptionsPage(ctx.db, personId, ctx.lang));
    return ok(app.messaging.status === 'maintenance-mode' ? { ...state, renewalMaintenance: true } : state);
  };
