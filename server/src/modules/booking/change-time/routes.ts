import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  changeTimeParamsSchema,
  changeTimeQuerySchema,
  changeTimeRequestSchema,
  changeTimeResponseSchema,
  changeTimeSlotPageSchema,
  changeTimeSlotsQuerySchema,
  validationErrorSchema,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import { notFound } from '../../../http/errors';
import { auditedRead, patientAccess } from '../../patients/index';
import { findAppointmentRows, type AppointmentRow } from '../appointments/detail';
import type { BookingConfig } from '../config';
import { slotEventsOf } from '../slot-events';
import { offerFreedSlot } from '../waitlist/offers';
import { loadChangeTimeSlots } from './slots';
import { dbId } from './db-id';
import { swapAppointment } from './swap';

export const CHANGE_TIME_ROUTE_ID = 'booking.change-time';

/** The person's own reserved (not checked-in, not cancelled) appointment, or null. */
export async function movableRow(db: Database, appointmentId: number, personId: string): Promise<AppointmentRow | null> {
  const [row] = await findAppointmentRows(db, { appointmentIds: [appointmentId], personId });
  return row && row.status === 'reserved' && row.startsAt.getTime() > Date.now() ? row : null;
}

/**
 * "Change time" (beyond the spec, issue 13), signed in, on the session's subject's appointment:
 * - the loader of booking.change-time (pages/change-time.ts): the appointment and the first 20 free times of the same
 *   practitioner; deadline-exceeded inside the cancellation window; 404 for anyone else's id;
 * - GET /api/appointments/{id}/change-time/slots?offset= : the next 20;
 * - POST /api/appointments/{id}/change-time?csrfToken { slotId }: the swap (swap.ts), then the old
 *   slot is offered to the earlier-time waitlist once the transaction has committed.
 */
export function installChangeTime(app: FastifyInstance, _config: BookingConfig): void {
  const cancellationHours = () => app.config.brandConfig.cancellationHours;

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/appointments/:id/change-time/slots',
    {
      schema: {
        params: changeTimeParamsSchema,
        querystring: changeTimeSlotsQuerySchema,
        response: { 200: changeTimeSlotPageSchema, 400: validationErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const id = dbId(request.params.id);
      const row = await auditedRead(app.db, patientAccess(request), 'booking.change-time.slots', (personId) => movableRow(app.db, id, personId), { appointmentId: id });
      if (!row) throw notFound('No such appointment');
      return loadChangeTimeSlots(app.db, row, request.query.offset, new Date());
    },
  );

  routes.post(
    '/api/appointments/:id/change-time',
    {
      schema: {
        params: changeTimeParamsSchema,
        querystring: changeTimeQuerySchema,
        body: changeTimeRequestSchema,
        response: { 200: changeTimeResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const appointmentId = dbId(request.params.id);
      const newSlotId = dbId(request.body.slotId);
      const now = new Date();
      const result = await auditedRead(
        app.db,
        patientAccess(request),
        'booking.change-time',
        async (personId) => {
          const [before] = await findAppointmentRows(app.db, { appointmentIds: [appointmentId], personId });
          const outcome = await withTransaction(app.db, (tx) => swapAppointment(tx, { appointmentId, personId, newSlotId, cancellationHours: cancellationHours(), now }));
          return { outcome, freedSlotId: before?.slotId ?? null };
        },
        { appointmentId, slotId: newSlotId },
      );
      if (!result.outcome) throw notFound('No such appointment');
      if (result.outcome.type === 'success') {
        slotEventsOf(app).emit({ reason: 'time-changed', slotIds: result.freedSlotId === null ? [newSlotId] : [newSlotId, result.freedSlotId] });
      }
      if (result.outcome.type === 'success' && result.freedSlotId !== null) await offerFreedSlot(app, result.freedSlotId);
      return result.outcome;
    },
  );
}
