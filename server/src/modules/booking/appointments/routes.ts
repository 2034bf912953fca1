import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  APPOINTMENT_ARRIVAL_REASON_PATH,
  APPOINTMENT_CHECK_IN_PATH,
  APPOINTMENT_PATH,
  ARRIVAL_REASON_PREFIX,
  apiErrorSchema,
  appointmentCallQuerySchema,
  appointmentIdParamsSchema,
  arrivalReasonRefusalSchema,
  arrivalReasonRequestSchema,
  arrivalReasonResponseSchema,
  cancelAppointmentRefusalSchema,
  cancelAppointmentResponseSchema,
  checkInResponseSchema,
  validationErrorSchema,
  type CheckInResponse,
} from '@portal/shared-api';
import { withTransaction } from '../../../db/transaction';
import { notFound, unauthorized } from '../../../http/errors';
import { auditedRead, patientAccess, personById } from '../../patients/index';
import { withinCancellationWindow } from '../cancellation';
import type { BookingConfig } from '../config';
import { appointments } from '../schema';
import { slotEventsOf } from '../slot-events';
import { offerFreedSlot } from '../waitlist/offers';
import { findAppointmentRows, selfCheckInStatusOf, type AppointmentRow } from './detail';

/**
 * The signed-in appointment pages and calls (spec part 2 §2.1, §4 "Appointment page actions", §5,
 * §7, §8 "Check-in and cancel"): the loaders of booking.appointments and booking.appointment (pages/), and
 * - POST /api/appointments/check-in/{id}?csrfToken — check-in, open 30 minutes before the start;
 * - DELETE /api/appointments/{id}?csrfToken — cancel, refused inside the cancellation window;
 * - POST /api/appointments/{id}/arrival-reason?csrfToken — the arrival reason, non-remote only.
 * Each acts on the session's subject only (the ward when a guardian acts for one): another
 * patient's id is simply not found. Every read and write is audited.
 */
export const APPOINTMENTS_ROUTE_ID = 'booking.appointments';
export const APPOINTMENT_ROUTE_ID = 'booking.appointment';

/** PostgreSQL's integer: a longer run of digits names no appointment (and must not reach the query). */
const MAX_APPOINTMENT_ID = 2_147_483_647;

/** The numeric ids of a path parameter ('123' or '123,456'), or null when one cannot be an appointment's. */
export function parseAppointmentIds(value: string): number[] | null {
  const ids = value.split(',').map((part) => (/^[0-9]{1,10}$/.test(part) ? Number(part) : NaN));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_APPOINTMENT_ID)) return null;
  return [...new Set(ids)];
}

export function installAppointments(app: FastifyInstance, _config: BookingConfig): void {
  const cancellationHours = app.config.brandConfig.cancellationHours;

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (request: { session?: unknown }) => {
    if (!request.session) throw unauthorized();
  };
  /** The subject's appointment `id` (locked for the transaction), or 404: another patient's is not found. */
  const lockedAppointment = async (tx: Parameters<typeof findAppointmentRows>[0], id: string, personId: string): Promise<AppointmentRow> => {
    const ids = parseAppointmentIds(id);
    const [row] = ids ? await findAppointmentRows(tx, { appointmentIds: ids, personId }) : [];
    if (!row) throw notFound('No such appointment');
    await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.id, row.id)).for('update');
    return row;
  };
  const audited = <T>(request: FastifyRequest, action: string, id: string, work: (personId: string) => Promise<T>) =>
    auditedRead(app.db, patientAccess(request), action, work, { appointmentId: id });

  typed.post(
    APPOINTMENT_CHECK_IN_PATH,
    {
      schema: {
        params: appointmentIdParamsSchema,
        querystring: appointmentCallQuerySchema,
        response: { 200: checkInResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const actingForWard = Boolean(request.session?.actingForPersonId);
      const answer = await audited(request, 'booking.check-in', request.params.id, (personId) =>
        withTransaction(app.db, async (tx): Promise<CheckInResponse> => {
          const row = await lockedAppointment(tx, request.params.id, personId);
          const refusal = await checkInRefusal(tx, row, personId, actingForWard, new Date());
          if (refusal) return { type: refusal, roomLocation: null };
          await tx
            .update(appointments)
            .set({ status: 'checked-in', checkedInAt: new Date() })
            .where(and(eq(appointments.id, row.id), eq(appointments.status, 'reserved')));
          return { type: 'Success', roomLocation: row.roomLocation };
        }),
      );
      return reply.send(answer);
    },
  );

  typed.delete(
    APPOINTMENT_PATH,
    {
      schema: {
        params: appointmentIdParamsSchema,
        querystring: appointmentCallQuerySchema,
        response: {
          200: cancelAppointmentResponseSchema,
          400: validationErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: cancelAppointmentRefusalSchema,
        },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const outcome = await audited(request, 'booking.cancel', request.params.id, (personId) =>
        withTransaction(app.db, async (tx) => {
          const row = await lockedAppointment(tx, request.params.id, personId);
          if (row.status !== 'reserved') return { refused: 'unknownError' as const, cancelledSlotId: null };
          if (withinCancellationWindow(row.startsAt, cancellationHours, new Date())) return { refused: 'deadlineExceeded' as const, cancelledSlotId: null };
          await tx.update(appointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(appointments.id, row.id));
          return { refused: null, cancelledSlotId: row.slotId };
        }),
      );
      if (outcome.refused !== null) return reply.status(409).send({ type: outcome.refused, cancellationHours });
      slotEventsOf(app).emit({ reason: 'cancelled', slotIds: [outcome.cancelledSlotId] });
      // After the commit, so the slot is free when offered; an offer that fails never undoes the cancel.
      try {
        await offerFreedSlot(app, outcome.cancelledSlotId);
      } catch (error) {
        request.log.error({ err: error, slotId: outcome.cancelledSlotId }, 'offering a freed slot to the waitlist failed');
      }
      return reply.send({ type: 'Success' });
    },
  );

  typed.post(
    APPOINTMENT_ARRIVAL_REASON_PATH,
    {
      schema: {
        params: appointmentIdParamsSchema,
        querystring: appointmentCallQuerySchema,
        body: arrivalReasonRequestSchema,
        response: {
          200: arrivalReasonResponseSchema,
          400: validationErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: arrivalReasonRefusalSchema,
        },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const reason = request.body.arrivalReason.trim();
      const saved = await audited(request, 'booking.arrival-reason', request.params.id, (personId) =>
        withTransaction(app.db, async (tx) => {
          const row = await lockedAppointment(tx, request.params.id, personId);
          const ended = row.startsAt.getTime() + row.durationMinutes * 60_000 <= Date.now();
          if (row.slotIsRemote || row.clinicIsRemote || row.status === 'cancelled' || ended) return false;
          await tx
            .update(appointments)
            .set({ arrivalReason: reason ? `${ARRIVAL_REASON_PREFIX}${reason}` : null })
            .where(eq(appointments.id, row.id));
          return true;
        }),
      );
      if (!saved) return reply.status(409).send({ type: 'unknownError' });
      return reply.send({ type: 'Success' });
    },
  );
}

/**
 * Why check-in is refused at `now` (spec part 2 §4, §8), or null when it may go ahead. The patient
 * data consent is the confidentiality form: a ward's (a guardian checking in a child) or the adult's own.
 */
async function checkInRefusal(
  tx: Parameters<typeof findAppointmentRows>[0],
  row: AppointmentRow,
  personId: string,
  actingForWard: boolean,
  now: Date,
): Promise<Exclude<CheckInResponse['type'], 'Success'> | null> {
  if (row.status === 'checked-in') return 'AlreadyCheckedIn';
  if (row.status === 'cancelled') return 'UnknownError';
  // A queue without a fixed time (a laboratory) is checked in by the reception, in line.
  if (!row.isSpecificTime) return 'CheckInOnlyAtReception';
  const status = selfCheckInStatusOf(row, now);
  if (status === 'TooEarly') return 'TooEarly';
  if (status !== 'Allowed') return 'UnknownError';
  const person = await personById(tx, personId);
  if (person?.patientDataConsent !== 'ok') return actingForWard ? 'ConfidentialityFormNotFilled' : 'ConfidentialityFormNotFilledAsAdult';
  return null;
}
