import { helsinkiToday } from '@portal/shared-i18n';
import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { readProfile } from '../../account/index';
import { auditedRead, patientAccess } from '../../patients/index';
import { isPaymentEmail } from '../checkout/loaders';
import { invoiceDetailByNumber } from '../invoices/queries';
import type { PageDeps } from './deps';

/**
 * payments.pay (pay/{invoice number}; spec part 2 §2.3 "Invoice payment page"): the subject's invoice
 * and the payment request's customer, the patient's own contact details from My information
 * (account/profile); the providers show only when the e-mail is valid (checkout/loaders.ts isPaymentEmail).
 */
export const loader: PageLoaderFactory<'payments.pay', PageDeps> = () => async (ctx) => {
  const invoiceNumber = ctx.params.id ?? '';
  const today = helsinkiToday();
  const found = await auditedRead(
    ctx.db,
    patientAccess(ctx.request),
    'payments.pay',
    async (personId) => {
      const [invoice, profile] = await Promise.all([invoiceDetailByNumber(ctx.db, personId, invoiceNumber, today), readProfile(ctx.db, personId)]);
      return invoice && profile ? { invoice, patient: profile.patient } : null;
    },
    { invoiceNumber },
  );
  if (!found) return notFoundState({ status: 'invoice-not-found' });
  const { invoice, patient } = found;
  return ok({
    status: 'ok',
    invoice,
    emailValid: isPaymentEmail(patient.email),
    customer: {
      email: (patient.email ?? '').trim(),
      phone: patient.phoneNumber ?? '',
      firstName: patient.firstName,
      lastName: patient.lastName,
    },
  });
};
