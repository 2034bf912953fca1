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
} from '@portal/shared-api';
import { notFound, unauthorized } from '../../../http/errors';
import { helsinkiToday } from '@portal/shared-i18n';
import { auditedRead, patientAccess } from '../../patients/index';
import type { PaymentsConfig } from '../config';
import { invoiceDetailById, invoiceDetailByNumber, invoiceListOf } from './queries';

/**
 * The signed-in invoice calls and pages (spec part 2 §2.3, §3, §4, §7):
 * - GET /api/payments/invoices-list?lang — every invoice of the session's subject, newest first;
 * - GET /api/invoices/invoice-summary?invoiceId&lang — one invoice's summary (404 when not theirs);
 * - GET /api/payments/good-sign-invoice?invoiceNumber — one invoice by its number (data.invoice
 *   absent when not theirs: the pay page re-fetches with it before it submits a provider's form);
 * - the state of payments.invoices and payments.summary (their loaders: pages/invoices.ts, pages/summary.ts).
 * The subject is the ward when a guardian acts for one (patients/access.ts); every read is audited.
 * GETs that change nothing visible (the time-based status moves only catch up with the calendar):
 * no csrfToken needed, the session cookie (SameSite) is enough.
 */
export const INVOICES_ROUTE_ID = 'payments.invoices';
export const INVOICE_SUMMARY_ROUTE_ID = 'payments.summary';

export function installInvoices(app: FastifyInstance, _config: PaymentsConfig): void {
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
