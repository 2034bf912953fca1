import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  APPOINTMENT_SEARCH_PATH,
  appointmentSearchQuerySchema,
  appointmentSearchResponseSchema,
  AVAILABLE_DATES_PATH,
  availableDatesQuerySchema,
  availableDatesResponseSchema,
  occupationalSearchForbiddenSchema,
  PRACTITIONER_CLINICS_PATH,
  practitionerClinicsQuerySchema,
  practitionerClinicsResponseSchema,
  SPECIALTY_INFO_PATH,
  specialtyInfoQuerySchema,
  specialtyInfoResponseSchema,
  validationErrorSchema,
  type AppointmentSearchResponse,
  type OccupationalSearchForbidden,
} from '@portal/shared-api';
import { notFound, validationError } from '../../../http/errors';
import { helsinkiToday } from '@portal/shared-i18n';
import { practitionerClinicsWithSlotsAfter, specialtyById } from '../../clinics/index';
import { subjectPersonId } from '../../patients/index';
import type { BookingConfig } from '../config';
import { markdownToSafeHtml } from '../markdown';
import { slotEventsOf } from '../slot-events';
import { asPractitionerId, criteriaOf, lastDayOf, type SearchScope } from './criteria';
import { occupationalStatusOf } from './occupational';
import { createResultCache } from './result-cache';
import { findAvailableDates, findSlots, findSuggestions, PRICE_DETAILS_FEATURE } from './slots';

/** What the route's response serializer does (fastify-type-provider-zod): the 200 schema's output, as JSON. */
function serialisedAnswer(answer: AppointmentSearchResponse): string {
  const result = appointmentSearchResponseSchema.safeParse(answer);
  if (!result.success) throw new ResponseSerializationError('GET', APPOINTMENT_SEARCH_PATH, { cause: result.error });
  return JSON.stringify(result.data);
}

/** A string payload with a JSON type skips the route's serializer: it was validated by serialisedAnswer. */
function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

const OCCUPATIONAL_REFUSALS: Record<OccupationalSearchForbidden['reason'], string> = {
  'not-signed-in': 'Occupational health care times are offered to signed-in customers only',
  'no-occupational-healthcare': 'No occupational health care agreement was found',
  'no-web-reservation': 'Online booking is not included in the occupational health care agreement',
};

/**
 * Appointment search (spec part 2 §4, §5, §7, §9): anonymous-capable GETs that read the catalogue
 * only. The occupational type is answered to a signed-in person whose contract has web reservation
 * (else 403 with the reason); that check reads only whether the caller's own contract allows it and
 * answers nothing of it, so it is not audited (the occupational pages' loaders audit their reads).
 */
export function installSearch(app: FastifyInstance, config: BookingConfig): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // kept as the JSON text the response schema's serializer would send: a reused answer is neither
  // validated nor stringified again (about half the server's own work per search)
  const searchAnswers = createResultCache<string>(config.searchCacheMs);
  slotEventsOf(app).subscribe(() => searchAnswers.clear());

  /** startDate may not be in the past (spec part 2 §5); today is Helsinki's. */
  const pastStart = (startDate: string | undefined, reply: FastifyReply) =>
    startDate !== undefined && startDate < helsinkiToday()
      ? reply.status(400).send(validationError([{ path: 'startDate', message: 'The start date cannot be in the past' }]))
      : null;

  /** The scope of a search call, or a 403 already sent for an occupational search the caller may not make. */
  const scopeOf = async (request: FastifyRequest, query: { isOccupationalHealthcare: boolean; isInsuranceCustomer: boolean }, reply: FastifyReply): Promise<SearchScope | null> => {
    if (!query.isOccupationalHealthcare) return query.isInsuranceCustomer ? 'insurance' : 'private';
    const refuse = (reason: OccupationalSearchForbidden['reason']) => {
      void reply.status(403).send({ type: 'Forbidden', message: OCCUPATIONAL_REFUSALS[reason], reason } satisfies OccupationalSearchForbidden);
      return null;
    };
    if (!request.session) return refuse('not-signed-in');
    const contract = await occupationalStatusOf(app.db, subjectPersonId(request.session));
    return contract.status === 'ok' ? 'occupational' : refuse(contract.status);
  };

  typed.get(
    APPOINTMENT_SEARCH_PATH,
    {
      schema: {
        querystring: appointmentSearchQuerySchema,
        response: { 200: appointmentSearchResponseSchema, 400: validationErrorSchema, 403: occupationalSearchForbiddenSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (pastStart(query.startDate, reply)) return reply;
      const scope = await scopeOf(request, query, reply);
      if (!scope) return reply;
      const now = new Date();
      const filter = { ...query, startDate: query.startDate ?? helsinkiToday(now) };
      const criteria = criteriaOf(filter, scope);
      const view = { lang: query.lang, priceDetails: app.config.features.includes(PRICE_DETAILS_FEATURE) };
      const lastDay = lastDayOf(filter);
      const key = JSON.stringify([criteria, lastDay, query.offset, view]);
      const body = await searchAnswers.get(key, async () => {
        const page = await findSlots(app.db, criteria, query.offset, now, view);
        const fresh: AppointmentSearchResponse = { availableAppointments: { type: 'success', ...page } };
        if (query.offset === 0 && page.appointments.length === 0) fresh.suggestions = await findSuggestions(app.db, criteria, lastDay, now);
        return serialisedAnswer(fresh);
      });
      return sendJson(reply, body);
    },
  );

  typed.get(
    AVAILABLE_DATES_PATH,
    {
      schema: {
        querystring: availableDatesQuerySchema,
        response: { 200: availableDatesResponseSchema, 400: validationErrorSchema, 403: occupationalSearchForbiddenSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      // a month that began before today: its past days simply have no free times
      const today = helsinkiToday();
      if (query.endDate < today) return reply.status(400).send(validationError([{ path: 'endDate', message: 'The month has passed' }]));
      const scope = await scopeOf(request, query, reply);
      if (!scope) return reply;
      const startDate = query.startDate < today ? today : query.startDate;
      return reply.send({ dates: await findAvailableDates(app.db, criteriaOf({ ...query, startDate }, scope), new Date()) });
    },
  );

  typed.get(
    PRACTITIONER_CLINICS_PATH,
    { schema: { querystring: practitionerClinicsQuerySchema, response: { 200: practitionerClinicsResponseSchema, 400: validationErrorSchema } } },
    async (request, reply) => {
      const rows = await practitionerClinicsWithSlotsAfter(app.db, asPractitionerId(request.query.id), new Date());
      return reply.send({ clinicIds: rows.map((row) => row.clinicId) });
    },
  );

  typed.get(
    SPECIALTY_INFO_PATH,
    {
      schema: {
        querystring: specialtyInfoQuerySchema,
        response: { 200: specialtyInfoResponseSchema, 400: validationErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id, lang } = request.query;
      const row = await specialtyById(app.db, id);
      if (!row) throw notFound(`No specialty '${id}'`);
      return reply.send({
        specialty: {
          id: row.id,
          title: lang === 'fi' ? row.nameFi : lang === 'sv' ? row.nameSv : row.nameEn,
          isVaccination: row.isVaccination,
          reservationInfoHtml: markdownToSafeHtml(row.reservationInfo?.[lang]),
        },
      });
    },
  );
}
