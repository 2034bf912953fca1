import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  apiErrorSchema,
  earlierTimeParamsSchema,
  earlierTimeResponseSchema,
  validationErrorSchema,
  waitlistJoinRequestSchema,
  waitlistParamsSchema,
  waitlistQuerySchema,
  waitlistStateSchema,
  type WaitlistScope,
  type WaitlistState,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { notFound } from '../../../http/errors';
import { auditedRead, patientAccess } from '../../patients/index';
import { findAppointmentRows } from '../appointments/detail';
import type { BookingConfig } from '../config';
import { dbId } from '../change-time/db-id';
import { waitlistEntries } from '../schema';
import { takeEarlierTime } from './earlier-time';
import { slotEventsOf } from '../slot-events';
import { offerFreedSlot } from './offers';

export const EARLIER_TIME_ROUTE_ID = 'booking.earlier-time';

/** Only the person's own upcoming reserved appointment can wait for an earlier time. */
async function ownUpcoming(db: Database, appointmentId: number, personId: string): Promise<boolean> {
  const [row] = await findAppointmentRows(db, { appointmentIds: [appointmentId], personId });
  return !!row && row.status === 'reserved' && row.startsAt.getTime() > Date.now();
}

async function stateOf(db: Database, appointmentId: number): Promise<WaitlistState> {
  const [entry] = await db.select({ scope: waitlistEntries.scope }).from(waitlistEntries).where(eq(waitlistEntries.appointmentId, appointmentId));
  return { joined: !!entry, scope: entry?.scope ?? null };
}

/**
 * "Tell me of an earlier time" (beyond the spec, issue 13; docs/product-decisions.md, "Values"), signed in, on
 * the session's subject's upcoming appointment (anyone else's id: 404):
 * - GET /api/appointments/{id}/waitlist: joined or not;
 * - POST …/waitlist?csrfToken { scope }: joins (or changes the scope); DELETE leaves;
 * - the loader of booking.earlier-time (pages/earlier-time.ts: an offer from the SMS) and POST /api/earlier-time/{token}?csrfToken:
 *   takes it, first come first served.
 */
export function installWaitlist(app: FastifyInstance, _config: BookingConfig): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cancellationHours = () => app.config.brandConfig.cancellationHours;
  const common = { params: waitlistParamsSchema, querystring: waitlistQuerySchema };
  const answers = { 200: waitlistStateSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  const withOwnAppointment = <T>(request: Parameters<typeof patientAccess>[0], action: string, appointmentId: number, work: (personId: string) => Promise<T>) =>
    auditedRead(
      app.db,
      patientAccess(request),
      action,
      async (personId) => {
        if (!(await ownUpcoming(app.db, appointmentId, personId))) throw notFound('No such appointment');
        return work(personId);
      },
      { appointmentId },
    );

  routes.get('/api/appointments/:id/waitlist', { schema: { ...common, response: answers } }, async (request) => {
    const id = dbId(request.params.id);
    return withOwnAppointment(request, 'booking.waitlist.read', id, () => stateOf(app.db, id));
  });

  routes.post('/api/appointments/:id/waitlist', { schema: { ...common, body: waitlistJoinRequestSchema, response: answers } }, async (request) => {
    const id = dbId(request.params.id);
    const scope: WaitlistScope = request.body.scope;
    return withOwnAppointment(request, 'booking.waitlist.join', id, async (personId) => {
      await app.db
        .insert(waitlistEntries)
        .values({ appointmentId: id, personId, scope })
        .onConflictDoUpdate({ target: waitlistEntries.appointmentId, set: { scope } });
      return stateOf(app.db, id);
    });
  });

  routes.delete('/api/appointments/:id/waitlist', { schema: { ...common, response: answers } }, async (request) => {
    const id = dbId(request.params.id);
    return withOwnAppointment(request, 'booking.waitlist.leave', id, async (personId) => {
      await app.db.delete(waitlistEntries).where(and(eq(waitlistEntries.appointmentId, id), eq(waitlistEntries.personId, personId)));
      return stateOf(app.db, id);
    });
  });

  routes.post(
    '/api/earlier-time/:token',
    {
      schema: {
        params: earlierTimeParamsSchema,
        querystring: waitlistQuerySchema,
        response: { 200: earlierTimeResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await auditedRead(app.db, patientAccess(request), 'booking.earlier-time.take', (personId) =>
        takeEarlierTime(app.db, request.params.token, personId, new Date(), cancellationHours()),
      );
      if (!result) throw notFound('No such offer');
      // an earlier time taken is a change of time: the offered slot is held, the old one freed
      if (result.freedSlotId !== null) slotEventsOf(app).emit({ reason: 'time-changed', slotIds: [result.freedSlotId] });
      if (result.freedSlotId !== null) await offerFreedSlot(app, result.freedSlotId);
      return result.response;
    },
  );
}
