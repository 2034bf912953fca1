import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_PDF_PATH, apiErrorSchema, invoicePdfParamsSchema, invoicePdfQuerySchema, validationErrorSchema } from '@portal/shared-api';
import { notFound, unauthorized } from '../../../http/errors';
import { helsinkiToday } from '@portal/shared-i18n';
import { auditedRead, patientAccess } from '../../patients/index';
import type { PaymentsConfig } from '../config';
import { invoiceRecordById, invoiceRowsOf } from '../invoices/queries';
import { invoiceStanding } from '../invoices/standing';
import { buildInvoicePdf } from './invoice-pdf';

/**
 * GET /api/invoices/{id}/pdf?filename&lang (spec part 2 §7): the invoice as an A4 PDF download in
 * `lang`. Signed in, the session's subject only (the ward when a guardian acts for one); another
 * patient's invoice, one without a PDF (hasPdf false), or one whose details the portal has not
 * (notAvailable), is not found. It prints the status the list shows (invoices/standing.ts). The
 * file name is the validated `filename` (letters, digits, '.', '_', '-', ending .pdf) or invoice-<number>.pdf.
 */
export function installInvoicePdf(app: FastifyInstance, _config: PaymentsConfig): void {
  const { brand, billingPhone, billingEmail } = app.config.brandConfig;
  app.withTypeProvider<ZodTypeProvider>().get(
    INVOICE_PDF_PATH,
    {
      schema: {
        params: invoicePdfParamsSchema,
        querystring: invoicePdfQuerySchema,
        // the PDF's bytes go out as they are (fastify never serializes a Buffer)
        response: { 200: z.custom<Buffer>((value) => Buffer.isBuffer(value)), 400: validationErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preValidation: async (request) => {
        if (!request.session) throw unauthorized();
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { filename, lang } = request.query;
      const today = helsinkiToday();
      const found = await auditedRead(
        app.db,
        patientAccess(request),
        'payments.invoice-pdf',
        async (personId) => {
          const row = await invoiceRecordById(app.db, personId, id, today);
          // notAvailable: the list offers no document of it (the portal has not its details), nor does this
          return row?.hasPdf && invoiceStanding(row, today).detailsAvailable ? { row, rows: await invoiceRowsOf(app.db, row.id) } : null;
        },
        { invoiceId: id },
      );
      if (!found) throw notFound('No such invoice');
      const { row, rows } = found;
      const pdf = await buildInvoicePdf(
        {
          invoiceNumber: row.invoiceNumber,
          status: invoiceStanding(row, today).status,
          creditedInvoiceNumber: row.creditedInvoiceNumber,
          creationDate: row.creationDate,
          dueDate: row.dueDate,
          payableOnlineUntil: row.payableOnlineUntil,
          paidDate: row.paidDate,
          paymentNumber: row.paymentNumber,
          sumCents: row.sumCents,
          buyerName: row.buyerName,
          buyerAddress: { street: row.buyerStreet, postalCode: row.buyerPostalCode, postOffice: row.buyerPostOffice },
          rows,
        },
        { brand, billingPhone, billingEmail },
        lang,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename ?? `invoice-${row.invoiceNumber}.pdf`}"`)
        .send(Buffer.from(pdf));
    },
  );
}
