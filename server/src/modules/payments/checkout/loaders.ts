import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailAddressSchema } from '@portal/shared-api';
import { helsinkiToday } from '@portal/shared-i18n';
import { notFoundState, ok } from '../../../pages/loaders';
import { readProfile } from '../../account/profile/queries';
import { auditedRead, patientAccess } from '../../patients/access';
import { invoiceDetailByNumber } from '../invoices/queries';

/**
 * payments.pay (pay/{invoice number}; spec part 2 §2.3 "Invoice payment page"): the subject's invoice
 * and the payment request's customer, the patient's own contact details from My information
 * (account/profile). The providers show only when the e-mail is valid by both My information's rule
 * and the payment request's (§3), so a request built from it is never refused for its e-mail.
 */
const paymentEmailSchema = z.email();

export function isPaymentEmail(email: string | null): boolean {
  if (email === null) return false;
  const checked = emailAddressSchema.safeParse(email);
  return checked.success && paymentEmailSchema.safeParse(checked.data).success;
}

export function installPayPage(app: FastifyInstance): void {
  app.pageLoaders.register('payments.pay', async (ctx) => {
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
  });
}
