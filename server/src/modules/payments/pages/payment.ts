import { helsinkiToday } from '@portal/shared-i18n';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { invoiceRecordByNumber } from '../invoices/queries';
import { invoiceStanding } from '../invoices/standing';
import { latestAttempt, resultOf } from '../result/attempt-result';
import type { PageDeps } from './deps';

/**
 * payments.payment (payment/{invoice number}): the payment attempt of the subject's invoice that
 * moved last (result/attempt-result.ts says how); another patient's invoice, or an unknown number, is not
 * found (404).
 */
export const loader: PageLoaderFactory<'payments.payment', PageDeps> = () => async (ctx) => {
  const invoiceNumber = ctx.params.id ?? '';
  const today = helsinkiToday();
  const found = await auditedRead(
    ctx.db,
    patientAccess(ctx.request),
    'payments.payment',
    async (personId) => {
      const invoice = await invoiceRecordByNumber(ctx.db, personId, invoiceNumber, today);
      // an invoice whose details the portal does not have (notAvailable) has no result to show
      if (!invoice || !invoiceStanding(invoice, today).detailsAvailable) return null;
      return { invoice, attempt: await latestAttempt(ctx.db, invoice.id) };
    },
    { invoiceNumber },
  );
  if (!found) return notFoundState({ status: 'invoice-not-found' });
  const { invoice, attempt } = found;
  const standing = invoiceStanding(invoice, today);
  return ok({
    status: 'ok',
    ...resultOf(standing, attempt),
    invoice: {
      invoiceNumber: invoice.invoiceNumber,
      sumCents: invoice.sumCents,
      paid: standing.settlement === 'paid',
      paidDate: invoice.paidDate,
      // "still open for payment": the try-again link leads somewhere only when it can be paid online
      open: standing.canBePaidOnline,
    },
  });
};
