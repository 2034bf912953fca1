import type { InvoicesPageState } from '@portal/shared-api';
import { helsinkiToday } from '@portal/shared-i18n';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { invoiceListOf } from '../invoices/queries';
import { INVOICES_ROUTE_ID } from '../invoices/routes';
import type { PageDeps } from './deps';

/** payments.invoices: every invoice of the session's subject (the ward when a guardian acts for one), newest first, audited. */
export const loader: PageLoaderFactory<'payments.invoices', PageDeps> = ({ app }) => {
  const { billingEmail, billingPhone } = app.config.brandConfig;
  return async (ctx) => {
    const today = helsinkiToday();
    const invoices = await auditedRead(ctx.db, patientAccess(ctx.request), INVOICES_ROUTE_ID, (personId) => invoiceListOf(ctx.db, personId, today));
    return ok({ invoices, billingEmail, billingPhone } satisfies InvoicesPageState);
  };
};
