import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, langSchema, numericIdSchema, validationErrorSchema, type Lang } from '@portal/shared-api';
import { notFound } from '../../../http/errors';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadAppointmentDetails } from '../appointments/detail';
import { dbId } from '../change-time/db-id';
import type { BookingConfig } from '../config';
import { buildCalendarFile, calendarFileName } from './ics';

/**
 * GET /api/appointments/{id}/calendar.ics (beyond the spec, issue 13 "Add to calendar"): signed in,
 * the patient's own appointment or their ward's (the session's subject); anything else is 404.
 * A GET that changes nothing: no csrfToken, the session cookie (SameSite) is enough.
 */
export function installCalendar(app: FastifyInstance, _config: BookingConfig): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/appointments/:id/calendar.ics',
    {
      schema: {
        params: z.object({ id: numericIdSchema }),
        querystring: z.object({ lang: langSchema.optional() }),
        response: { 200: z.string(), 400: validationErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const lang: Lang = request.query.lang ?? 'fi';
      const id = dbId(request.params.id);
      const [detail] = await auditedRead(
        app.db,
        patientAccess(request),
        'booking.calendar',
        (personId) => loadAppointmentDetails(app.db, { appointmentIds: [id], personId }, lang, new Date(), app.config.brandConfig.cancellationHours, []),
        { appointmentId: id },
      );
      if (!detail || detail.isCancelled || detail.hasAppointeeCanceled) throw notFound('No such appointment');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${calendarFileName(detail, lang)}"`)
        .send(buildCalendarFile(detail, lang, new URL(app.config.publicUrl).hostname));
    },
  );
}
