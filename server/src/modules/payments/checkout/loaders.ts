import { z } from 'zod';
import { emailAddressSchema } from '@portal/shared-api';

/**
 * payments.pay (pay/{invoice number}; spec part 2 §2.3 "Invoice payment page"; its loader is
 * pages/pay.ts): the subject's invoice and the payment request's customer, the patient's own contact
 * details from My information (account/profile). The providers show only when the e-mail is valid by both My information's rule
 * and the payment request's (§3), so a request built from it is never refused for its e-mail.
 */
const paymentEmailSchema = z.email();

export function isPaymentEmail(email: string | null): boolean {
  if (email === null) return false;
  const checked = emailAddressSchema.safeParse(email);
  return checked.success && paymentEmailSchema.safeParse(checked.data).success;
}
