import type { InvoiceSummaryPageState } from '@portal/shared-api';
import { helsinkiToday } from '@portal/shared-i18n';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { invoiceDetailById } from '../invoices/queries';
import { INVOICE_SUMMARY_ROUTE_ID } from '../invoices/routes';
import type { PageDeps } from './deps';

/** payments.summary: one invoice of the session's subject, audited; another's (or no invoice id) is not found (404). */
export const loader: PageLoaderFactory<'payments.summary', PageDeps> = () => async (ctx) => {
  const notFoundPage: InvoiceSummaryPageState = { status: 'invoice-not-found' };
  const id = ctx.params.id ?? '';
  const access = patientAccess(ctx.request);
  // The route takes any word (\w+): one that is no invoice id is simply not found, never a 400.
  if (!/^[0-9]{1,10}$/.test(id)) return notFoundState(notFoundPage);
  const today = helsinkiToday();
  const invoice = await auditedRead(ctx.db, access, INVOICE_SUMMARY_ROUTE_ID, (personId) => invoiceDetailById(ctx.db, personId, id, today), {
    invoiceId: id,
  });
  return invoice ? ok({ status: 'ok', invoice } satisfies InvoiceSummaryPageState) : notFoundState(notFoundPage);
};
