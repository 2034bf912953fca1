import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { paymentLanguageSchema, type Lang, type PaymentFailureReason } from '@portal/shared-api';
import { scheduleJob } from '../../jobs/schedule';
import { constantTimeEqual } from '../../util/constant-time';
import {
  createPaytrailAdapter,
  signParams,
  type PaymentProviderAdapter,
  type PaymentReturnUrls,
  type PaymentsConfig,
  type ReturnStatus,
} from '../../modules/payments/index';
import { DEMO_BANKS, demoBankById } from './test-provider-banks';
import { testProviderText } from './test-provider-messages';
import { renderBankErrorPage, renderBankPage, TESTER_OUTCOMES, TEST_PROVIDER_STYLESHEET_PATH, testProviderStylesheet, type TesterOutcome } from './test-provider-page';
import { TEST_PROVIDER_API_PATH, installTestProviderApi } from './test-provider-api';
import { claimDueCallbacks, completeAtBank, markCallbackSent, recordCreatedPayment } from './test-provider-ledger';

/**
 * The built-in test payment provider (PAYMENT_PROVIDER=test, the demo's default; README.md,
 * "Demo personas"). It behaves like Paytrail towards the portal: creating a payment answers a transaction
 * id, terms and three demo banks, each a form the browser posts; the bank page lets a tester pay,
 * fail with a reason or cancel; then the browser goes to the portal's redirect URL and the portal's
 * callback URL is called, both with `checkout-*` parameters signed with the merchant's secret.
 *
 * The payment travels in the bank forms, signed with a key of its own (derived from the secret), so
 * any instance serves any step. Its pages are forms used without a session:
 * `anonymous-origin-check` (a cross-site post is refused), and the signed form is the credential.
 *
 * Like a real provider's, its memory outlives the portal's instances: its bank ledger and the
 * callbacks it still owes are in the database (test-provider-ledger.ts), so a callback due "a few
 * seconds later" is sent by whichever instance runs then, also after a restart, and it answers
 * Paytrail's "Get" (GET /payments/{transactionId}) over HTTP (test-provider-api.ts), which the
 * portal's adapter asks exactly as it asks Paytrail (the portal's reconciliation, reconcile/).
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

/**
 * The global fetch, except that a URL of this server (PUBLIC_URL's origin) is answered in process
 * (app.inject): the test provider runs inside the portal, which need not reach its own public
 * address (behind a load balancer, in tests).
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin !== publicOrigin) return fetch(input, init);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    const answer = await app.inject({ method, url: `${url.pathname}${url.search}`, headers, ...(typeof init?.body === 'string' ? { payload: init.body } : {}) });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) answerHeaders.append(name, one);
    }
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: answerHeaders });
  };
}

/**
 * The test provider as the portal's adapter. Creating a payment needs no network: the banks' forms
 * point at its own pages, and its ledger records the payment. Asking for a payment goes over HTTP
 * to its Paytrail-style API, through Paytrail's own adapter code.
 */
export function createTestProviderAdapter(app: FastifyInstance, config: PaymentsConfig): PaymentProviderAdapter {
  const publicUrl = app.config.publicUrl;
  const api = createPaytrailAdapter({ apiUrl: `${publicUrl}${TEST_PROVIDER_API_PATH}`, account: config.account, secret: config.secret, fetch: inProcessFetch(app) });
  return {
    kind: 'test',
    getPayment: (transactionId) => api.getPayment(transactionId),
    async createPayment(request, stamp, urls: PaymentReturnUrls) {
      const transactionId = randomUUID();
      await recordCreatedPayment(app.db, { transactionId, stamp, reference: request.reference, amount: request.amount });
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

/** How often every instance looks for callbacks due (beside the timer set for each one when it is scheduled). */
const CALLBACK_SWEEP_MS = 1000;
/** A callback's timer fires this much after it is due, so the database's clock has passed it too. */
const CALLBACK_TIMER_SLACK_MS = 25;

export function installTestProvider(app: FastifyInstance, config: PaymentsConfig): void {
  if (config.provider !== 'test') return;
  const localFetch = inProcessFetch(app);

  /**
   * Calls the portal's callback URL as the provider's server would (the portal's own URLs in
   * process). Answers whether the call is done with: answered (a refusal too, logged), or given up.
   * Not answered (unreachable, 5xx): false, and the callback is tried again later.
   */
  const callBack = async (url: string): Promise<boolean> => {
    try {
      const response = await localFetch(url, { headers: { 'user-agent': 'test-payment-provider' }, signal: AbortSignal.timeout(10_000) });
      await response.body?.cancel();
      if (response.status >= 500) {
        app.log.warn({ statusCode: response.status }, 'test payment provider: the callback failed, tried again later');
        return false;
      }
      if (response.status >= 300) app.log.warn({ statusCode: response.status }, 'test payment provider: the callback was refused');
      return true;
    } catch (error) {
      app.log.warn({ errorName: error instanceof Error ? error.name : typeof error }, 'test payment provider: the callback failed, tried again later');
      return false;
    }
  };

  // The callbacks owed, sent by any instance: when each falls due (its timer), every second, and at
  // once when the app starts (those that fell due while no instance ran).
  const callbacks = scheduleJob(app, {
    name: 'test-payment-provider.callbacks',
    intervalMs: CALLBACK_SWEEP_MS,
    runOnReady: true,
    run: async () => {
      for (;;) {
        const due = await claimDueCallbacks(app.db);
        for (const callback of due) {
          if (await callBack(callback.url)) await markCallbackSent(app.db, callback.id);
        }
        if (due.length === 0) return;
      }
    },
  });

  installTestProviderApi(app, config);

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

    // The tester's choice, once per payment: the bank records it and the callbacks it owes, then the
    // browser goes to the portal's signed redirect; the callbacks follow (test-provider-ledger.ts).
    pages.post(TEST_PROVIDER_COMPLETE_PATH, async (request, reply) => {
      const form = completeFormSchema.safeParse(request.body ?? {});
      const payment = form.success ? openBankForm(config, form.data) : null;
      if (!form.success || !payment) return errorPage(reply, langOf(request.body));
      const outcome = outcomeOf(form.data.outcome);
      const succeeded = (status: ReturnStatus) => status !== 'fail';
      const returnUrl = (kind: 'redirect' | 'callback', status: ReturnStatus, failureReason = outcome.failureReason) =>
        signedReturnUrl(config, succeeded(status) ? payment.urls[kind].success : payment.urls[kind].cancel, payment, status, form.data.bank, failureReason);
      const lateMs = config.testProviderCallbackDelayMs;
      const schedule = callbackSchedule(callbackPlanOf(payment.transactionId), outcome, lateMs);
      const completed = await completeAtBank(app.db, {
        transactionId: payment.transactionId,
        stamp: payment.stamp,
        reference: payment.reference,
        amount: payment.amount,
        bank: form.data.bank,
        redirectStatus: outcome.redirectStatus,
        finalStatus: outcome.finalStatus,
        failureReason: outcome.failureReason,
        settlesInMs: lateMs,
        callbacks: schedule.map(({ status, delayMs }) => ({ url: returnUrl('callback', status), delayMs })),
      });
      if (completed.first) {
        for (const delayMs of new Set(schedule.map((callback) => callback.delayMs))) callbacks.kick(delayMs === 0 ? 0 : delayMs + CALLBACK_TIMER_SLACK_MS);
      }
      // Chosen before (the tester went back): the bank answers what it recorded then, as it is now,
      // and owes no new callbacks.
      if (completed.first || completed.status === 'new') return reply.redirect(returnUrl('redirect', outcome.redirectStatus), 303);
      return reply.redirect(returnUrl('redirect', completed.status, completed.failureReason), 303);
    });
  });
}
