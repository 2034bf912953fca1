import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANONYMOUS_RESERVE_APPOINTMENT_PATH,
  anonymousReserveAppointmentRequestSchema,
  anonymousReserveQuerySchema,
  apiErrorSchema,
  ifReimbursementChoices,
  insuranceConceptCodeFor,
  RESERVATION_ERROR_STATUS,
  RESERVE_APPOINTMENT_PATH,
  reservationErrorSchema,
  reserveAppointmentRequestSchema,
  reserveAppointmentResponseSchema,
  reserveQuerySchema,
  validationErrorSchema,
  type ApiErrorBody,
  type Brand,
  type Lang,
  type ReservationErrorBody,
  type ReservationErrorType,
  type ReserveAppointmentResponse,
  type ValidationErrorBody,
} from '@portal/shared-api';
import { ApiError, unauthorized, validationError } from '../../../http/errors';
import { requestOfAudit, writeAudit } from '../../audit/index';
import { readProfile } from '../../account/index';
import { auditedRead, patientAccess } from '../../patients/index';
import type { BookingConfig } from '../config';
import { appointmentLink, confirmationText, ownerNoticeText, samePhoneNumber, sendConfirmation } from './confirmation';
import { internalOrganizationOf } from './loaders';
import { occupationalContractOf, occupationalRefusal, patientConceptsOf, personById, personByIdentityCode, registrationOf, sameName } from './person';
import { slotEventsOf } from '../slot-events';
import { reserveSlot, type ReservationInput, type ReservationOutcome } from './reserve';
import { findSlot, practitionerNameOf, slotIdOf, slotIsClosed, slotIsRemote, specialtyTitleOf, type SlotRow } from './slot';
import { conceptBasedTreatmentChains, needsTreatmentChain, type TreatmentChainService } from './treatment-chain';

/**
 * The reservation pages and both reserve calls (spec part 2 §7, §8 "Reservation", issue 13):
 * - POST /api/reserve-appointment?csrfToken=&lang= (signed in; the session's subject is the patient,
 *   the ward when a guardian acts for one)
 * - POST /api/anon/reserve-appointment?lang= (anonymous: no session, an Origin check, the identity
 *   code names the patient; never for insurance, occupational or a slot that requires strong login)
 * Both are rate-limited per client IP, reserve in one transaction (reserve.ts) and send the
 * confirmation SMS after it commits. Bad input answers 400 ValidationError with paths; every other
 * refusal `{ type }` with the status of RESERVATION_ERROR_STATUS; never a 5xx for a client's mistake.
 *
 * The anonymous call must not tell a stranger who is a patient (issue 27): every refusal that is about
 * the person the identity code names (no such patient, other names, no consent, payment block) is
 * one answer, ANONYMOUS_IDENTIFICATION_REFUSAL, after the same lookups; the identity code is also
 * limited per hour whatever the address; and a reservation texts the code's owner, at the phone of
 * their record, when the confirmation went to another number.
 */

/** The audit actions of the two calls (the page loaders audit under their route ids). */
export const RESERVATION_AUDIT_ACTION = 'booking.reservation.reserve';
export const ANONYMOUS_RESERVATION_AUDIT_ACTION = 'booking.reservation.anonymous';

type Refusal = { refused: ReservationErrorType } | { invalid: ValidationErrorBody['details'] };

/**
 * The anonymous call's one answer for every refusal that concerns the person (issue 27): the page
 * shows one warning and strong login, after which the signed-in page says the actual reason.
 */
export const ANONYMOUS_IDENTIFICATION_REFUSAL = 'patientInfoConflict' satisfies ReservationErrorType;

/** No person has this id (people's ids are random version 4 UUIDs): the profile read of an unknown identity code. */
const NO_PERSON_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The per-identity-code limit's key. The code is hashed so that the counter table does not list
 * identity codes in clear (a plain hash of so small a space is no secret: the rows are swept within
 * a day, and the table is the server's own).
 */
function identityCodeLimitKey(identityCode: string): string {
  return `booking.reservation.identity-code:${createHash('sha256').update(identityCode).digest('base64url')}`;
}

const refusalSchema = z.union([reservationErrorSchema, apiErrorSchema]);
const responses = {
  200: reserveAppointmentResponseSchema,
  400: validationErrorSchema,
  401: apiErrorSchema,
  403: refusalSchema,
  409: reservationErrorSchema,
  415: validationErrorSchema,
  422: reservationErrorSchema,
  429: apiErrorSchema,
  500: refusalSchema,
};

function refuse(reply: FastifyReply, type: ReservationErrorType) {
  return reply.status(RESERVATION_ERROR_STATUS[type]).send({ type } satisfies ReservationErrorBody);
}

function outcomeRefusal(outcome: Exclude<ReservationOutcome, { kind: 'reserved' }>): ReservationErrorType {
  return outcome.kind;
}

/** The payload's internalOrganization must be this server's (docs/product-decisions.md, "Values"). */
function organizationProblems(brand: Brand, config: BookingConfig, internalOrganization: string): ValidationErrorBody['details'] {
  return internalOrganization === internalOrganizationOf(brand, config)
    ? []
    : [{ path: 'internalOrganization', message: 'Use the internalOrganization of the reservation page' }];
}

type LoggedInBody = z.output<typeof reserveAppointmentRequestSchema>;

/**
 * The insurance fields by the healthcare type (spec §3 concept codes, §5 booking button rule):
 * only the insurance type carries them; If needs a reimbursement choice the brand and the slot
 * allow, and the concept code of that choice; OP its pay code; LähiTapiola and Other none.
 */
export function insuranceProblems(brand: Brand, body: LoggedInBody, isRemote: boolean): ValidationErrorBody['details'] {
  const problems: ValidationErrorBody['details'] = [];
  const present = (key: 'insuranceCompany' | 'reimbursement' | 'insuranceConceptCode' | 'dcpContentHash') => body[key] !== undefined && body[key] !== null;
  if (body.healthcareType !== 'insurance') {
    for (const key of ['insuranceCompany', 'reimbursement', 'insuranceConceptCode', 'dcpContentHash'] as const) {
      if (present(key)) problems.push({ path: key, message: 'Only an insurance reservation carries insurance details' });
    }
    return problems;
  }
  const company = body.insuranceCompany ?? null;
  if (company === null) return [{ path: 'insuranceCompany', message: 'Choose the insurance company' }];
  const reimbursement = body.reimbursement ?? null;
  if (company === 'IF') {
    if (reimbursement === null || !ifReimbursementChoices(brand, isRemote).includes(reimbursement)) {
      problems.push({ path: 'reimbursement', message: 'Choose one of the reimbursement options offered' });
    }
  } else if (reimbursement !== null) {
    problems.push({ path: 'reimbursement', message: 'Only If takes a reimbursement choice' });
  }
  if (company !== 'LAHITAPIOLA' && present('dcpContentHash')) problems.push({ path: 'dcpContentHash', message: 'Only LähiTapiola takes a permit' });
  if (problems.length === 0 && (body.insuranceConceptCode ?? null) !== insuranceConceptCodeFor(brand, company, reimbursement)) {
    problems.push({ path: 'insuranceConceptCode', message: 'The concept code does not match the insurance choice' });
  }
  return problems;
}

function detailsOf(slot: SlotRow, appointmentId: number, healthcareType: ReserveAppointmentResponse['reservationDetails']['healthcareType'], lang: Lang, phone: string): ReserveAppointmentResponse {
  return {
    reservationDetails: {
      appointmentId: String(appointmentId),
      startDate: slot.startsAt.toISOString(),
      durationMinutes: slot.durationMinutes,
      healthcareType,
      clinicName: slot.clinicName,
      practitionerName: practitionerNameOf(slot),
      specialty: specialtyTitleOf(slot, lang),
      isRemote: slotIsRemote(slot),
      isVideo: slot.kindId === 'VETA',
      phone,
    },
  };
}

export function installReservation(app: FastifyInstance, config: BookingConfig, treatmentChains: TreatmentChainService = conceptBasedTreatmentChains): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const brand = app.config.brand;

  const signedIn = async (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
  };
  /**
   * Issue 13: reservations a caller may attempt a minute, counted for every instance. Issue 30: a
   * signed-in patient is counted as themselves, so an office behind one address is not one caller;
   * only the anonymous reservation goes by the client's address.
   */
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.session ? `person:${request.session.personId}` : `client:${request.ip}`;
    const verdict = await app.attemptLimiter.count(`booking.reservation:${caller}`, { max: config.reservationRateLimitPerMinute, windowSeconds: 60 });
    if (!verdict.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(verdict.retryAfterSeconds))
        .send({ type: 'TooManyRequests', message: 'Too many reservations; try again in a minute' } satisfies ApiErrorBody);
    }
  };

  /** Any unexpected failure answers unknownError; only the error's name and code are logged (a query's parameters hold contact details). */
  async function guarded(request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const fields = error as { name?: unknown; code?: unknown };
      request.log.error({ errorName: String(fields?.name ?? typeof error), errorCode: fields?.code }, 'reservation failed');
      await refuse(reply, 'unknownError');
    }
  }

  async function reserveAndConfirm(
    reply: FastifyReply,
    request: FastifyRequest,
    input: ReservationInput,
    lang: Lang,
    /** anonymous: the phone number of the identity code's owner on their record, if any */
    ownerPhone: string | null = null,
  ): Promise<unknown> {
    const outcome = await reserveSlot(app.db, { ...input, lang });
    if (outcome.kind !== 'reserved') return refuse(reply, outcomeRefusal(outcome));
    slotEventsOf(app).emit({ reason: 'reserved', slotIds: [input.slotId] });
    const link = appointmentLink(app, lang, input.anonymous ? { linkToken: outcome.linkToken } : { appointmentId: outcome.appointmentId });
    await sendConfirmation(app, input.phone, confirmationText(outcome.slot, lang, link), request.log);
    // Whoever knows a code and the names can book in that person's name: the owner hears of it at their own number.
    if (ownerPhone && !samePhoneNumber(ownerPhone, input.phone)) {
      await sendConfirmation(app, ownerPhone, ownerNoticeText(outcome.slot, lang, link), request.log, 'owner notice');
    }
    request.log.info({ appointmentId: outcome.appointmentId, slotId: input.slotId, anonymous: input.anonymous, healthcareType: input.healthcareType }, 'appointment reserved');
    return reply.send(detailsOf(outcome.slot, outcome.appointmentId, input.healthcareType, lang, input.phone));
  }

  typed.post(
    RESERVE_APPOINTMENT_PATH,
    {
      schema: { querystring: reserveQuerySchema, body: reserveAppointmentRequestSchema, response: responses },
      preValidation: [signedIn, rateLimited],
    },
    async (request, reply) =>
      guarded(request, reply, async () => {
        const body = request.body;
        const lang = request.query.lang ?? 'fi';
        const slotId = slotIdOf(body.appointmentId);
        const slot = slotId === null ? null : await findSlot(app.db, slotId);
        const invalid = [...organizationProblems(brand, config, body.internalOrganization), ...insuranceProblems(brand, body, slot ? slotIsRemote(slot) : false)];
        if (invalid.length) return reply.status(400).send(validationError(invalid));

        const access = patientAccess(request);
        const facts = await auditedRead(
          app.db,
          access,
          RESERVATION_AUDIT_ACTION,
          async (personId) => {
            const [profile, person, contract, concepts] = await Promise.all([
              readProfile(app.db, personId),
              personById(app.db, personId),
              occupationalContractOf(app.db, personId),
              patientConceptsOf(app.db, personId),
            ]);
            return profile && person ? { profile, person, contract, concepts } : null;
          },
          { slotId: body.appointmentId },
        );
        if (!facts) throw unauthorized();
        const refusal = ((): Refusal | null => {
          // In the page's order (spec §2.1): the payment block comes before registration and consent.
          if (!facts.person.creditWorthy && body.healthcareType !== 'occupational') return { refused: 'paymentBlocked' };
          const registration = registrationOf(facts.person.registered, facts.profile.patient);
          if (registration === 'unregistered') return { refused: 'registrationRequired' };
          if (registration === 'consent-needed') return { refused: 'consentRequired' };
          if (!slot || slotIsClosed(slot, new Date())) return { refused: 'appointmentNotAvailable' };
          if (body.healthcareType === 'occupational' && occupationalRefusal(brand, facts.contract)) return { refused: 'occupationalNotAllowed' };
          const code = body.insuranceConceptCode ?? null;
          if (code !== null && !facts.concepts.some((concept) => concept.code === code)) return { refused: 'conceptMissing' };
          return null;
        })();
        if (refusal) return 'refused' in refusal ? refuse(reply, refusal.refused) : reply.status(400).send(validationError(refusal.invalid));
        const code = body.insuranceConceptCode ?? null;
        if (needsTreatmentChain(code) && !(await treatmentChains.open({ personId: access.subjectPersonId, slotId: slot!.id, conceptCode: code!, patientConcepts: facts.concepts }))) {
          return refuse(reply, 'treatmentChainCreationFailed');
        }
        return reserveAndConfirm(
          reply,
          request,
          {
            slotId: slot!.id,
            personId: access.subjectPersonId,
            reservedByPersonId: access.actorPersonId === access.subjectPersonId ? null : access.actorPersonId,
            anonymous: false,
            healthcareType: body.healthcareType,
            phone: body.phone,
            email: body.emailAddress,
            description: body.description ? body.description : null,
            insuranceCompany: body.insuranceCompany ?? null,
            reimbursement: body.reimbursement ?? null,
            insuranceConceptCode: code,
            dcpContentHash: body.dcpContentHash ?? null,
          },
          lang,
        );
      }),
  );

  typed.post(
    ANONYMOUS_RESERVE_APPOINTMENT_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: { querystring: anonymousReserveQuerySchema, body: anonymousReserveAppointmentRequestSchema, response: responses },
      preValidation: rateLimited,
    },
    async (request, reply) =>
      guarded(request, reply, async () => {
        const body = request.body;
        const lang = request.query.lang ?? 'fi';
        const invalid = organizationProblems(brand, config, body.internalOrganization);
        if (invalid.length) return reply.status(400).send(validationError(invalid));
        // spec §4, §6: insurance and occupational reservations always need strong login
        if ((body.healthcareType ?? 'private') !== 'private') return refuse(reply, 'strongLoginRequired');
        const slotId = slotIdOf(body.appointmentId);
        const slot = slotId === null ? null : await findSlot(app.db, slotId);
        if (!slot || slotIsClosed(slot, new Date())) return refuse(reply, 'appointmentNotAvailable');
        if (slot.requiresStrongAuth) return refuse(reply, 'strongLoginRequired');

        // Per identity code, from any address (issue 27): counted for every code, known or not, so the limit tells nothing either.
        const codeVerdict = await app.attemptLimiter.count(identityCodeLimitKey(body.ssn), { max: config.anonymousAttemptsPerIdentityCodePerHour, windowSeconds: 3600 });
        if (!codeVerdict.allowed) {
          return reply
            .status(429)
            .header('retry-after', String(codeVerdict.retryAfterSeconds))
            .send({ type: 'TooManyRequests', message: 'Too many reservation attempts with this identity code; try again later or sign in' } satisfies ApiErrorBody);
        }

        // The same reads whoever the code names (or nobody), so that the answer's timing tells as little as its body.
        const person = await personByIdentityCode(app.db, body.ssn);
        const profile = await readProfile(app.db, person?.id ?? NO_PERSON_ID);
        if (person) {
          // Their names and consent are read in their name (no session: the identity code names them); audited like any read.
          await writeAudit(app.db, {
            actorPersonId: person.id,
            subjectPersonId: person.id,
            action: ANONYMOUS_RESERVATION_AUDIT_ACTION,
            details: { anonymous: true, slotId: String(slot.id) },
            ...requestOfAudit(request),
          });
        }
        // Not a registered patient, other names, no patient data consent, a payment block: one answer
        // for all (the signed-in page tells which after strong login).
        const namesMatch = person !== null && sameName(person.givenName, body.firstName) && sameName(person.familyName, body.lastName);
        const mayBook = person !== null && profile !== null && namesMatch && registrationOf(person.registered, profile.patient) === 'ok' && person.creditWorthy;
        if (!person || !profile || !mayBook) return refuse(reply, ANONYMOUS_IDENTIFICATION_REFUSAL);

        return reserveAndConfirm(
          reply,
          request,
          {
            slotId: slot.id,
            personId: person.id,
            reservedByPersonId: null,
            anonymous: true,
            healthcareType: 'private',
            phone: body.phone,
            email: body.emailAddress,
            description: null,
            insuranceCompany: null,
            reimbursement: null,
            insuranceConceptCode: null,
            dcpContentHash: null,
          },
          lang,
          profile.patient.phoneNumber,
        );
      }),
  );
}
