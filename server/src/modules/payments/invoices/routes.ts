import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GOOD_SIGN_INVOICE_PATH,
  INVOICES_LIST_PATH,
  INVOICE_SUMMARY_PATH,
  apiErrorSchema,
  goodSignInvoiceQuerySchema,
  goodSignInvoiceResponseSchema,
  invoiceSummaryQuerySchema,
  invoiceSummaryResponseSchema,
  invoicesListQuerySchema,
  invoicesListResponseSchema,
  validationErrorSchema,
  type InvoiceSummaryPageState,
  type InvoicesPageState,
} from '@portal/shared-api';
import { notFound, unauthorized } from '../../../http/errors';
import { notFoundState, ok } from '../../../pages/loaders';
import { helsinkiToday } from '@portal/shared-i18n';
import { auditedRead, patientAccess } from '../../patients/access';
import type { PaymentsConfig } from '../config';
import { invoiceDetailById, invoiceDetailByNumber, invoiceListOf } from './queries';

/**
 * The signed-in invoice calls and pages (spec part 2 §2.3, §3, §4, §7):
 * - GET /api/payments/invoices-list?lang — every invoice of the session's subject, newest first;
 * - GET /api/invoices/invoice-summary?invoiceId&lang — one invoice's summary (404 when not theirs);
 * - GET /api/payments/good-sign-invoice?invoiceNumber — one invoice by its number (data.invoice
 *   absent when not theirs: the pay page re-fetches with it before it submits a provider's form);
 * - the loaders of payments.invoices and payments.summary.
 * The subject is the ward when a guardian acts for one (patients/access.ts); every read is audited.
 * GETs that change nothing visible (the time-based status moves only catch up with the calendar):
 * no csrfToken needed, the session cookie (SameSite) is enough.
 */
export const INVOICES_ROUTE_ID = 'payments.invoices';
export const INVOICE_SUMMARY_ROUTE_ID = 'payments.summary';

export function installInvoices(app: FastifyInstance, _config: PaymentsConfig): void {
  const { billingEmail, billingPhone } = app.config.brandConfig;

  app.pageLoaders.register(INVOICES_ROUTE_ID, async (ctx) => {
    const today = helsinkiToday();
    const invoices = await auditedRead(ctx.db, patientAccess(ctx.request), INVOICES_ROUTE_ID, (personId) => invoiceListOf(ctx.db, personId, today));
    return ok({ invoices, billingEmail, billingPhone } satisfies InvoicesPageState);
  });

  app.pageLoaders.register(INVOICE_SUMMARY_ROUTE_ID, async (ctx) => {
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
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (request: { session?: unknown }) => {
    if (!request.session) throw unauthorized();
  };

  typed.get(
    INVOICES_LIST_PATH,
    {
      schema: {
        querystring: invoicesListQuerySchema,
        response: { 200: invoicesListResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const today = helsinkiToday();
      const invoices = await auditedRead(app.db, patientAccess(request), 'payments.invoices-list', (personId) => invoiceListOf(app.db, personId, today));
      return { invoices };
    },
  );

  typed.get(
    INVOICE_SUMMARY_PATH,
    {
      schema: {
        querystring: invoiceSummaryQuerySchema,
        response: { 200: invoiceSummaryResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const today = helsinkiToday();
      const { invoiceId } = request.query;
      const invoice = await auditedRead(
        app.db,
        patientAccess(request),
        'payments.invoice-summary',
        (personId) => invoiceDetailById(app.db, personId, invoiceId, today),
        { invoiceId },
      );
      if (!invoice) throw notFound('No such invoice');
      return { data: { invoice } };
    },
  );

  typed.get(
    GOOD_SIGN_INVOICE_PATH,
    {
      schema: {
        querystring: goodSignInvoiceQuerySchema,
        response: { 200: goodSignInvoiceResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const today = helsinkiToday();
      const { invoiceNumber } = request.query;
      const invoice = await auditedRead(
        app.db,
        patientAccess(request),
        'payments.good-sign-invoice',
        (personId) => invoiceDetailByNumber(app.db, personId, invoiceNumber, today),
        { invoiceNumber },
      );
      return { data: invoice ? { invoice } : {} };
    },
  );
}
