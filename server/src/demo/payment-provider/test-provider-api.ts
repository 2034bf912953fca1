import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { calculateSignature, signatureMatches, type PaymentsConfig } from '../../modules/payments/index';
import { ledgerPayment, statusNow } from './test-provider-ledger';

/**
 * The built-in test provider's API, as Paytrail's (payment API v2): GET {api}/payments/{transactionId}
 * ("Get"), so the portal's adapter asks the test provider exactly as it asks Paytrail
 * (paytrail.ts getPayment, reconcile/). The request is signed over its `checkout-*` headers (the
 * account, algorithm, method, nonce, timestamp and the transaction id) with the merchant's secret;
 * an unsigned, stale or mis-addressed one is refused (401) before anything is read. The answer is
 * signed the same way over its `checkout-*` headers and body.
 *
 * No session, and outside fair use's per-client limits: the signature is the credential (as on the
 * portal's own callback), and the caller is the portal's reconciliation, many payments in a row.
 */
export const TEST_PROVIDER_API_PATH = '/test-payment-provider/api';

/** A request signed longer ago (or further ahead) than this is refused (Paytrail's replay guard). */
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

const paramsSchema = z.object({ transactionId: z.string().min(1).max(100) });

function checkoutHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('checkout-') && typeof value === 'string') out[lower] = value;
  }
  return out;
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ status: 'error', message });

export function installTestProviderApi(app: FastifyInstance, config: PaymentsConfig): void {
  app.get(`${TEST_PROVIDER_API_PATH}/payments/:transactionId`, { config: { session: false, fairUse: false } }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const headers = checkoutHeaders(request.headers);
    const signature = typeof request.headers.signature === 'string' ? request.headers.signature : undefined;
    if (!params.success || !signatureMatches(config.secret, headers, signature, '')) return refuse(reply, 401, 'Invalid signature');
    const timestamp = Date.parse(headers['checkout-timestamp'] ?? '');
    if (
      headers['checkout-account'] !== config.account ||
      headers['checkout-method'] !== 'GET' ||
      headers['checkout-transaction-id'] !== params.data.transactionId ||
      !headers['checkout-nonce'] ||
      !Number.isFinite(timestamp) ||
      Math.abs(Date.now() - timestamp) > TIMESTAMP_TOLERANCE_MS
    ) {
      return refuse(reply, 401, 'Invalid headers');
    }
    const row = await ledgerPayment(app.db, params.data.transactionId);
    if (!row) return refuse(reply, 404, 'Transaction not found');
    const status = statusNow(row);
    const body = JSON.stringify({
      transactionId: row.transactionId,
      status,
      amount: row.amount,
      currency: 'EUR',
      stamp: row.stamp,
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
      ...(row.provider && status !== 'new' ? { provider: row.provider } : {}),
      ...(status === 'ok' && row.completedAt ? { paidAt: (row.settlesAt ?? row.completedAt).toISOString() } : {}),
      // the test provider's addition, as its returns' checkout-failure-reason
      ...(status === 'fail' && row.failureReason ? { failureReason: row.failureReason } : {}),
    });
    const answerHeaders = {
      'checkout-account': config.account,
      'checkout-algorithm': 'sha256',
      'checkout-transaction-id': row.transactionId,
    };
    return reply
      .status(200)
      .headers({ ...answerHeaders, 'request-id': randomUUID(), signature: calculateSignature(config.secret, answerHeaders, body) })
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
