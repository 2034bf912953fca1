import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANONYMOUS_CHECK_IN_PATH,
  ANONYMOUS_END_PART_ATTEMPTS_PER_HOUR,
  anonymousAppointmentTokenSchema,
  anonymousCheckInQuerySchema,
  anonymousCheckInRequestSchema,
  anonymousCheckInResponseSchema,
  apiErrorSchema,
  langSchema,
  validationErrorSchema,
  type AnonymousAppointment,
  type AnonymousCheckInStatus,
  type ApiErrorBody,
  type AppointmentDetail,
  type Lang,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { notFound } from '../../../http/errors';
import { requestOfAudit, writeAudit } from '../../audit/index';
import { findAppointmentRows, toAppointmentDetail, type AppointmentRow } from '../appointments/detail';
import { buildCalendarFile, calendarFileName } from '../calendar/ics';
import type { BookingConfig } from '../config';
import { checkInAnonymously } from './check-in';

export const ANONYMOUS_APPOINTMENT_ROUTE_ID = 'booking.anonymous-appointment';
/** One client address's guesses at one link's end part (issue 27: the guesser is locked out, not the link). */
const END_PART_RULE = { max: ANONYMOUS_END_PART_ATTEMPTS_PER_HOUR, windowSeconds: 3600 } as const;
/**
 * Every address's attempts at one link together, against guessing from many addresses: high enough
 * that a few guessers do not reach it, and a short window, so that a real patient it stops waits
 * minutes, not an hour (and the page offers sign-in meanwhile).
 */
export const END_PART_LINK_RULE = { max: 20, windowSeconds: 600 } as const;

/** Spec §3 "Anonymous appointment": allowed, too early, or other (checked in, remote, past, cancelled). */
function anonymousStatusOf(detail: AppointmentDetail): AnonymousCheckInStatus {
  if (detail.selfCheckInStatus === 'Allowed') return 'allowed';
  if (detail.selfCheckInStatus === 'TooEarly') return 'too-early';
  return 'other';
}

/** What the link shows: the appointment without the patient's identity code or name. */
export function toAnonymousAppointment(detail: AppointmentDetail, token: string): AnonymousAppointment {
  return {
    id: token,
    signedInId: detail.id,
    startDate: detail.startDate,
    durationMinutes: detail.durationMinutes,
    kind: detail.kind,
    isRemote: detail.isRemote,
    isVideo: detail.isVideo,
    practitioner: detail.practitioner,
    specialty: detail.specialty,
    clinic: {
      id: detail.clinic.id,
      name: detail.clinic.name,
      municipality: detail.clinic.municipality,
      isRemote: detail.clinic.isRemote,
      address: detail.clinic.address,
    },
    selfCheckInStatus: anonymousStatusOf(detail),
    isCheckedIn: detail.selfCheckInStatus === 'CheckedIn',
    roomLocation: detail.roomLocation,
    mayCancel: detail.mayCancel,
  };
}

export async function rowByToken(db: Database, token: string): Promise<AppointmentRow | null> {
  if (!anonymousAppointmentTokenSchema.safeParse(token).success) return null;
  return (await findAppointmentRows(db, { linkToken: token }))[0] ?? null;
}

/** The link holder reads their own appointment: audited as the patient's own read, marked as the link's. */
export const linkAudit = (row: AppointmentRow, action: string, request: { id: string }) => ({
  actorPersonId: row.personId,
  subjectPersonId: row.personId,
  action,
  details: { appointmentId: row.id, channel: 'anonymous-link' },
  ...requestOfAudit(request),
});

/**
 * The anonymous appointment link (spec part 2 §2.1, §3, §4, §7, §8):
 * - the loader of booking.anonymous-appointment (pages/anonymous-appointment.ts) by the link token: not found (404), cancelled, or
 *   the appointment (no identity code, no name);
 * - POST /api/anon/check-in: no csrfToken (an Origin check instead); at most
 *   ANONYMOUS_END_PART_ATTEMPTS_PER_HOUR attempts per appointment and client address an hour, and
 *   END_PART_LINK_RULE for the appointment from all addresses together, counted in the database so
 *   the limits hold across server instances; then 429 with Retry-After;
 * - GET /api/anon/appointments/{token}/calendar.ics: "Add to calendar" for the link.
 */
export function installAnonymousLink(app: FastifyInstance, _config: BookingConfig): void {
  const cancellationHours = () => app.config.brandConfig.cancellationHours;

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    ANONYMOUS_CHECK_IN_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: {
        querystring: anonymousCheckInQuerySchema,
        body: anonymousCheckInRequestSchema,
        response: { 200: anonymousCheckInResponseSchema, 400: validationErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { appointmentId: token, ssnEndPart } = request.body;
      const row = await rowByToken(app.db, token);
      if (!row) throw notFound('No such appointment');
      // Every attempt counts (atomically, in the database): even a burst of parallel guesses from one
      // address gets 5. Keyed by the address too, so one guesser does not lock the patient out.
      const byAddress = await app.attemptLimiter.count(`anon-check-in:${row.id}:${request.ip}`, END_PART_RULE);
      // An address already stopped adds nothing to the link's count: alone it cannot reach the ceiling.
      const verdict = byAddress.allowed ? await app.attemptLimiter.count(`anon-check-in-link:${row.id}`, END_PART_LINK_RULE) : byAddress;
      if (!verdict.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(verdict.retryAfterSeconds))
          .send({ type: 'TooManyRequests', message: 'Too many check-in attempts for this appointment' } satisfies ApiErrorBody);
      }
      const outcome = await checkInAnonymously(app.db, row, ssnEndPart, new Date());
      if (outcome.type !== 'ssnEndPartMismatch') await writeAudit(app.db, linkAudit(row, 'booking.anonymous-check-in', request));
      return outcome;
    },
  );

  routes.get(
    '/api/anon/appointments/:token/calendar.ics',
    {
      // a GET that changes nothing: no CSRF policy; the token is the credential, as for the page
      schema: {
        params: z.object({ token: anonymousAppointmentTokenSchema }),
        querystring: z.object({ lang: langSchema.optional() }),
        response: { 200: z.string(), 400: validationErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await rowByToken(app.db, request.params.token);
      if (!row || row.status === 'cancelled') throw notFound('No such appointment');
      await writeAudit(app.db, linkAudit(row, 'booking.calendar', request));
      const lang: Lang = request.query.lang ?? 'fi';
      const detail = toAppointmentDetail(row, lang, new Date(), cancellationHours(), []);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${calendarFileName(detail, lang)}"`)
        .send(buildCalendarFile(detail, lang, new URL(app.config.publicUrl).hostname));
    },
  );
}
