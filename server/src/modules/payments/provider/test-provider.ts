import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { paymentLanguageSchema, type Lang, type PaymentFailureReason } from '@portal/shared-api';
import { constantTimeEqual } from '../../../util/constant-time';
import type { PaymentsConfig } from '../config';
import type { PaymentProviderAdapter, PaymentReturnUrls, ReturnStatus } from './adapter';
import { DEMO_BANKS, demoBankById } from './test-provider-banks';
import { testProviderText } from './test-provider-messages';
import { renderBankErrorPage, renderBankPage, TESTER_OUTCOMES, TEST_PROVIDER_STYLESHEET_PATH, testProviderStylesheet, type TesterOutcome } from './test-provider-page';
import { signParams } from './signature';

/**
 * The built-in test payment provider (PAYMENT_PROVIDER=test, the demo's default; ARCHITECTURE
 * "Design"). It behaves like Paytrail towards the portal: creating a payment answers a transaction
 * id, terms and three demo banks, each a form the browser posts; the bank page lets a tester pay,
 * fail with a reason or cancel; then the browser goes to the portal's redirect URL and the portal's
 * callback URL is called, both with `checkout-*` parameters signed with the merchant's secret.
 *
 * It keeps nothing in memory or in tables: the payment travels in the bank forms, signed with a key
 * of its own (derived from the secret), so any instance serves any step. Its pages are forms used
 * without a session: `anonymous-origin-check` (a cross-site post is refused), and the signed form is
 * the credential.
 */
export const TEST_PROVIDER_PATH = '/test-payment-provider';
export const TEST_PROVIDER_PAY_PATH = `${TEST_PROVIDER_PATH}/pay`;
export const TEST_PROVIDER_COMPLETE_PATH = `${TEST_PROVIDER_PATH}/complete`;
export const TEST_PROVIDER_LOGO_PATH = `${TEST_PROVIDER_PATH}/logos/:bank`;

/** How long a created payment can be paid at the test bank. */
const PAYMENT_VALID_MS = 60 * 60 * 1000;
const FORM_BODY_LIMIT = 8 * 1024;

const LANG_BY_PAYMENT_LANGUAGE: Record<z.infer<typeof paymentLanguageSchema>, Lang> = { FI: 'fi', SV: 'sv', EN: 'en' };

/** The payment as the bank forms carry it. */
const carriedPaymentSchema = z.object({
  transactionId: z.string().min(1).max(100),
  stamp: z.uuid(),
  amount: z.number().int().positive(),
  reference: z.string().min(1).max(40),
  language: paymentLanguageSchema,
  urls: z.object({
    redirect: z.object({ success: z.url(), cancel: z.url() }),
    callback: z.object({ success: z.url(), cancel: z.url() }),
  }),
  expiresAt: z.number().int(),
});
type CarriedPayment = z.infer<typeof carriedPaymentSchema>;

const bankFormSchema = z.object({
  bank: z.string().max(40),
  payment: z.string().max(4000),
  token: z.string().max(200),
});
const completeFormSchema = bankFormSchema.extend({ outcome: z.enum(TESTER_OUTCOMES) });

function formKey(config: PaymentsConfig): Buffer {
  return createHmac('sha256', config.secret).update('test-payment-provider/forms').digest();
}

function formToken(config: PaymentsConfig, bank: string, payment: string): string {
  return createHmac('sha256', formKey(config)).update(`${bank}.${payment}`).digest('hex');
}

function encodePayment(payment: CarriedPayment): string {
  return Buffer.from(JSON.stringify(payment)).toString('base64url');
}

/** The payment of a bank form, or null when the form is not the test provider's own, or has expired. */
function openBankForm(config: PaymentsConfig, form: z.infer<typeof bankFormSchema>, now = Date.now()): CarriedPayment | null {
  if (!demoBankById(form.bank) || !constantTimeEqual(formToken(config, form.bank, form.payment), form.token)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(form.payment, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const payment = carriedPaymentSchema.safeParse(json);
  if (!payment.success || payment.data.expiresAt < now) return null;
  return payment.data;
}

/** The test provider as the portal's adapter: no network, the banks' forms point at its own pages. */
export function createTestProviderAdapter(config: PaymentsConfig, publicUrl: string): PaymentProviderAdapter {
  return {
    kind: 'test',
    async createPayment(request, stamp, urls: PaymentReturnUrls) {
      const transactionId = randomUUID();
      const payment = encodePayment({
        transactionId,
        stamp,
        amount: request.amount,
        reference: request.reference,
        language: request.language,
        urls,
        expiresAt: Date.now() + PAYMENT_VALID_MS,
      });
      const lang = LANG_BY_PAYMENT_LANGUAGE[request.language];
      return {
        transactionId,
        terms: `<p>${testProviderText(lang, 'terms')}</p>`,
        providers: DEMO_BANKS.map((bank) => ({
          name: bank.name,
          id: bank.id,
          url: `${publicUrl}${TEST_PROVIDER_PAY_PATH}`,
          svg: `${publicUrl}${TEST_PROVIDER_LOGO_PATH.replace(':bank', `${bank.id}.svg`)}`,
          parameters: [
            { name: 'bank', value: bank.id },
            { name: 'payment', value: payment },
            { name: 'token', value: formToken(config, bank.id, payment) },
          ],
        })),
      };
    },
  };
}

/** What the bank answers for the tester's choice: the redirect's status and reason, and the final status. */
export function outcomeOf(outcome: TesterOutcome): { redirectStatus: ReturnStatus; finalStatus: ReturnStatus; failureReason: PaymentFailureReason | null } {
  if (outcome === 'pay') return { redirectStatus: 'ok', finalStatus: 'ok', failureReason: null };
  if (outcome === 'pay-later') return { redirectStatus: 'pending', finalStatus: 'ok', failureReason: null };
  if (outcome === 'cancel') return { redirectStatus: 'fail', finalStatus: 'fail', failureReason: 'cancelled' };
  return { redirectStatus: 'fail', finalStatus: 'fail', failureReason: outcome };
}

/** How the bank calls back, chosen by the transaction id so one payment always behaves the same. */
export type CallbackPlan = 'prompt' | 'late' | 'twice';

export function callbackPlanOf(transactionId: string): CallbackPlan {
  const plans: CallbackPlan[] = ['prompt', 'late', 'twice'];
  return plans[createHash('sha256').update(transactionId).digest()[0]! % plans.length]!;
}

/** The callbacks of one outcome: each status with its delay. A payment confirmed later is pending first. */
export function callbackSchedule(plan: CallbackPlan, outcome: ReturnType<typeof outcomeOf>, lateMs: number): Array<{ status: ReturnStatus; delayMs: number }> {
  const final = outcome.finalStatus;
  if (outcome.redirectStatus === 'pending') {
    if (plan === 'prompt') return [{ status: 'pending', delayMs: 0 }, { status: final, delayMs: lateMs }];
    if (plan === 'late') return [{ status: final, delayMs: lateMs }];
    return [{ status: final, delayMs: lateMs }, { status: final, delayMs: 2 * lateMs }];
  }
  if (plan === 'prompt') return [{ status: final, delayMs: 0 }];
  if (plan === 'late') return [{ status: final, delayMs: lateMs }];
  return [{ status: final, delayMs: 0 }, { status: final, delayMs: lateMs }];
}

/** Our return URL with the provider's signed `checkout-*` parameters appended. */
export function signedReturnUrl(
  config: PaymentsConfig,
  base: string,
  payment: Pick<CarriedPayment, 'amount' | 'stamp' | 'reference' | 'transactionId'>,
  status: ReturnStatus,
  bankId: string,
  failureReason: PaymentFailureReason | null,
): string {
  const params = signParams(config.secret, {
    'checkout-account': config.account,
    'checkout-algorithm': 'sha256',
    'checkout-amount': String(payment.amount),
    'checkout-stamp': payment.stamp,
    'checkout-reference': payment.reference,
    'checkout-transaction-id': payment.transactionId,
    'checkout-status': status,
    'checkout-provider': bankId,
    ...(status === 'fail' && failureReason ? { 'checkout-failure-reason': failureReason } : {}),
  });
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

export function installTestProvider(app: FastifyInstance, config: PaymentsConfig): void {
  if (config.provider !== 'test') return;
  const publicOrigin = new URL(app.config.publicUrl).origin;

  // Late callbacks are timers; closing the app cancels those not yet sent.
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  /** Calls the portal's callback URL as the provider's server would (the portal's own URLs in process). */
  const callBack = async (url: string) => {
    try {
      const target = new URL(url);
      const response =
        target.origin === publicOrigin
          ? await app.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { 'user-agent': 'test-payment-provider' } })
          : await fetch(url, { signal: AbortSignal.timeout(10_000) }).then((r) => ({ statusCode: r.status }));
      if (response.statusCode >= 300) app.log.warn({ statusCode: response.statusCode }, 'test payment provider: the callback was refused');
    } catch (error) {
      app.log.warn({ errorName: error instanceof Error ? error.name : typeof error }, 'test payment provider: the callback failed');
    }
  };
  const schedule = (delayMs: number, url: string) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void callBack(url);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  app.get(TEST_PROVIDER_STYLESHEET_PATH, { config: { session: false, cache: 'static' } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(testProviderStylesheet),
  );

  app.get(TEST_PROVIDER_LOGO_PATH, { config: { session: false, cache: 'static' } }, async (request, reply) => {
    const params = z.object({ bank: z.string().regex(/^[a-z]{1,20}\.svg$/) }).safeParse(request.params);
    const bank = params.success ? demoBankById(params.data.bank.replace(/\.svg$/, '')) : undefined;
    if (!bank) return reply.status(404).header('cache-control', 'no-store').send({ type: 'NotFound', message: 'No such bank' });
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(bank.svg);
  });

  void app.register(async (pages) => {
    pages.addHook('onRoute', (route) => {
      route.config = { ...route.config, csrf: 'anonymous-origin-check', bodyTypes: ['application/x-www-form-urlencoded'] };
    });
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    const errorPage = (reply: FastifyReply, lang: Lang) => sendHtml(reply, 400, renderBankErrorPage(lang, `${app.config.publicUrl}/${lang}`));
    /** The error page's language: the payment's, read without trusting anything else in it, else Finnish. */
    const langOf = (body: unknown): Lang => {
      try {
        const payment = (body as { payment?: unknown } | undefined)?.payment;
        const decoded: unknown = typeof payment === 'string' ? JSON.parse(Buffer.from(payment, 'base64url').toString('utf8')) : null;
        const language = paymentLanguageSchema.safeParse((decoded as { language?: unknown } | null)?.language);
        return language.success ? LANG_BY_PAYMENT_LANGUAGE[language.data] : 'fi';
      } catch {
        return 'fi';
      }
    };

    // The browser's form post from the portal's pay page (spec part 2 §7 "POST to each provider url").
    pages.post(TEST_PROVIDER_PAY_PATH, async (request, reply) => {
      const form = bankFormSchema.safeParse(request.body ?? {});
      const payment = form.success ? openBankForm(config, form.data) : null;
      const bank = form.success ? demoBankById(form.data.bank) : undefined;
      if (!form.success || !payment || !bank) return errorPage(reply, langOf(request.body));
      return sendHtml(
        reply,
        200,
        renderBankPage({
          lang: LANG_BY_PAYMENT_LANGUAGE[payment.language],
          bank,
          amountCents: payment.amount,
          reference: payment.reference,
          action: `${app.config.publicUrl}${TEST_PROVIDER_COMPLETE_PATH}`,
          hidden: [
            { name: 'bank', value: form.data.bank },
            { name: 'payment', value: form.data.payment },
            { name: 'token', value: form.data.token },
          ],
        }),
      );
    });

    // The tester's choice: the browser goes to the portal's signed redirect; the callbacks follow.
    pages.post(TEST_PROVIDER_COMPLETE_PATH, async (request, reply) => {
      const form = completeFormSchema.safeParse(request.body ?? {});
      const payment = form.success ? openBankForm(config, form.data) : null;
      if (!form.success || !payment) return errorPage(reply, langOf(request.body));
      const outcome = outcomeOf(form.data.outcome);
      const succeeded = (status: ReturnStatus) => status !== 'fail';
      const returnUrl = (kind: 'redirect' | 'callback', status: ReturnStatus) =>
        signedReturnUrl(config, succeeded(status) ? payment.urls[kind].success : payment.urls[kind].cancel, payment, status, form.data.bank, outcome.failureReason);
      for (const { status, delayMs } of callbackSchedule(callbackPlanOf(payment.transactionId), outcome, config.testProviderCallbackDelayMs)) {
        schedule(delayMs, returnUrl('callback', status));
      }
      return reply.redirect(returnUrl('redirect', outcome.redirectStatus), 303);
    });
  });
}
