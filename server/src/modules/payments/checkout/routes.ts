import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { buildPath, findRoute, helsinkiToday } from '@portal/shared-i18n';
import {
  apiErrorSchema,
  langSchema,
  PAYMENT_CALLBACK_PATH,
  PAYMENT_REDIRECT_PATH,
  paymentRefusalSchema,
  paymentRequestSchema,
  paymentResponseSchema,
  PAYMENTS_PATH,
  paymentsQuerySchema,
  validationErrorSchema,
  type ApiErrorBody,
  type Lang,
  type PaymentRefusal,
  type PaymentRequest,
  type ValidationErrorBody,
} from '@portal/shared-api';
import { validationError } from '../../../http/errors';
import { auditedRead, patientAccess } from '../../patients/index';
import type { PaymentsConfig } from '../config';
import { invoiceRecordByNumber, type InvoiceRecord } from '../invoices/queries';
import { canBePaidOnline } from '../invoices/standing';
import { createPaymentProviderAdapter, PaymentProviderError, type PaymentProviderAdapter, type PaymentReturnUrls } from '../provider/index';
import { payments } from '../schema';
import { startPaymentAttempt } from './attempt';
import { settlePayment, type ReturnKind } from './settle';

/**
 * Spec part 2 §7 POST /api/payments/ (the providers for one invoice) and the provider's signed
 * return (checkout/settle.ts):
 *
 * - POST /api/payments/?csrfToken: the session's subject's invoice by the request's reference; it
 *   must be payable online, and the request must carry its sum in cents as amount and unit price
 *   (§9). A payments row (our stamp) is written, the provider asked, its transaction id kept.
 * - GET /api/payments/return (the browser) and GET /api/payments/callback (the provider's server):
 *   they change state on a GET, as Paytrail calls them, so they declare no CSRF policy (route-policy
 *   gives a GET none) and are authenticated by the provider's HMAC signature instead of the
 *   session: `session: false`, so a patient's cookie is never read or honoured there, and a forged
 *   link changes nothing without the merchant's secret. The redirect then sends the browser to the
 *   payment result page, which reads the result from the database, never from the URL. The
 *   callback is outside fair use's per-client limits (`fairUse: false`): its signature guards it.
 */

export const CHECKOUT_AUDIT_ACTION = 'payments.checkout.create';

const responses = {
  200: paymentResponseSchema,
  400: validationErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: paymentRefusalSchema,
  415: validationErrorSchema,
  429: apiErrorSchema,
  502: apiErrorSchema,
};

/** §9: the request is for exactly the invoice's sum. */
function requestProblems(request: PaymentRequest, invoice: InvoiceRecord): ValidationErrorBody['details'] {
  const problems: ValidationErrorBody['details'] = [];
  if (request.amount !== invoice.sumCents) problems.push({ path: 'amount', message: 'The amount must be the invoice’s sum in cents' });
  request.items.forEach((item, index) => {
    if (item.unitPrice !== invoice.sumCents) problems.push({ path: `items.${index}.unitPrice`, message: 'The unit price must be the invoice’s sum in cents' });
  });
  return problems;
}

/** The payment result page of the invoice (route payments.payment): /fi/maksu/…, /sv/betalning/…, /en/payment/…. */
export function paymentResultPath(app: FastifyInstance, lang: Lang, invoiceNumber: string): string {
  const route = findRoute(app.routeTable.current(), 'payments.payment');
  const segment: Record<Lang, string> = { fi: 'maksu', sv: 'betalning', en: 'payment' };
  // Without the payments remote in the route table, the spec's segments (§2.3).
  return route ? buildPath(route, lang, { id: invoiceNumber }) : `/${lang}/${segment[lang]}/${encodeURIComponent(invoiceNumber)}`;
}

function returnUrls(publicUrl: string, lang: Lang): PaymentReturnUrls {
  const redirect = `${publicUrl}${PAYMENT_REDIRECT_PATH}?${new URLSearchParams({ lang }).toString()}`;
  const callback = `${publicUrl}${PAYMENT_CALLBACK_PATH}`;
  return { redirect: { success: redirect, cancel: redirect }, callback: { success: callback, cancel: callback } };
}

const LANG_BY_PAYMENT_LANGUAGE = { FI: 'fi', SV: 'sv', EN: 'en' } as const satisfies Record<PaymentRequest['language'], Lang>;

export function installCheckout(app: FastifyInstance, config: PaymentsConfig, adapter: PaymentProviderAdapter = createPaymentProviderAdapter(app, config)): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(PAYMENTS_PATH, { schema: { querystring: paymentsQuerySchema, body: paymentRequestSchema, response: responses } }, async (request, reply) => {
    const access = patientAccess(request);
    const body = request.body;
    const today = helsinkiToday();
    const invoice = await auditedRead(app.db, access, CHECKOUT_AUDIT_ACTION, (personId) => invoiceRecordByNumber(app.db, personId, body.reference, today), {
      invoiceNumber: body.reference,
    });
    if (!invoice) return reply.status(404).send({ type: 'NotFound', message: 'Invoice not found' } satisfies ApiErrorBody);
    const refuse = (message: string) => reply.status(409).send({ type: 'InvoiceNotPayable', message } satisfies PaymentRefusal);
    if (!canBePaidOnline(invoice, today)) return refuse('The invoice cannot be paid online');
    const problems = requestProblems(body, invoice);
    if (problems.length) return reply.status(400).send(validationError(problems));
    const stamp = randomUUID();
    const attempt = await startPaymentAttempt(app.db, {
      invoiceId: invoice.id,
      stamp,
      paidByPersonId: access.actorPersonId,
      amountCents: invoice.sumCents,
    });
    if (attempt.kind === 'refused') {
      return refuse(attempt.reason === 'notOpen' ? 'The invoice cannot be paid online' : 'A payment of the invoice is waiting for the bank’s confirmation');
    }
    try {
      const answer = await adapter.createPayment(body, stamp, returnUrls(app.config.publicUrl, LANG_BY_PAYMENT_LANGUAGE[body.language]));
      await app.db.update(payments).set({ transactionId: answer.transactionId }).where(eq(payments.id, attempt.paymentId));
      request.log.info({ paymentId: attempt.paymentId, invoiceId: invoice.id, provider: adapter.kind }, 'payment created');
      return reply.send({ terms: answer.terms, providers: answer.providers });
    } catch (error) {
      // No attempt is left behind for the result page to show; §8: a creation failure is only reported.
      await app.db.delete(payments).where(eq(payments.id, attempt.paymentId));
      if (!(error instanceof PaymentProviderError)) throw error;
      request.log.error({ errorName: error.name, reason: error.message }, 'payment creation failed');
      return reply.status(502).send({ type: 'InternalError', message: 'The payment provider is not available' } satisfies ApiErrorBody);
    }
  });

  const settle = async (kind: ReturnKind, query: unknown, reply: FastifyReply) => {
    const outcome = await settlePayment(app.db, config, query, kind, helsinkiToday());
    if (outcome.kind === 'invalid') return { refused: reply.status(400).send(validationError(outcome.details)) } as const;
    reply.log.info({ kind, status: outcome.status, applied: outcome.applied, paymentStatus: outcome.paymentStatus }, 'payment return');
    if (outcome.applied && outcome.paymentStatus === 'duplicate') reply.log.warn({ kind }, 'payment return: a duplicate payment of a paid invoice, its amount due back to the payer');
    return { outcome } as const;
  };

  const returnLangSchema = z.object({ lang: langSchema.catch('fi') });

  app.get(PAYMENT_REDIRECT_PATH, { config: { session: false } }, async (request, reply) => {
    const settled = await settle('redirect', request.query, reply);
    if ('refused' in settled) return settled.refused;
    const { lang } = returnLangSchema.parse(request.query ?? {});
    return reply.redirect(paymentResultPath(app, lang, settled.outcome.invoiceNumber), 303);
  });

  // The provider's servers call from a few addresses, many payments at once: the per-client limits of
  // fair use would refuse genuine callbacks (and the provider would retry them later, or give up).
  // The HMAC signature is the callback's protection; an unsigned one costs one HMAC and no query.
  app.get(PAYMENT_CALLBACK_PATH, { config: { session: false, fairUse: false } }, async (request, reply) => {
    const settled = await settle('callback', request.query, reply);
    if ('refused' in settled) return settled.refused;
    return reply.status(200).send({ recorded: true });
  });
}
