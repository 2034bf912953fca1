import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  apiErrorSchema,
  conceptInsertRequestSchema,
  conceptInsertResponseSchema,
  csrfQuerySchema,
  langSchema,
  lahiTapiolaApplyPermitQuerySchema,
  lahiTapiolaPermitsResponseSchema,
  lahiTapiolaPolicyCheckResponseSchema,
  parseIdentityCode,
  pohjolaCheckParamsSchema,
  pohjolaCheckResponseSchema,
  validationErrorSchema,
  type ConceptInsertResponse,
  type Lang,
  textSchema,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { ApiError, notFound, unauthorized, validationError } from '../../../http/errors';
import { isSafeNextPath } from '../../../http/next-path';
import { auditedRead, patientAccess, personById, type PatientAccess } from '../../patients/index';
import type { BookingConfig } from '../config';
import { patientConcepts } from '../schema';
import { InsurerUnavailableError, type InsuranceAdapters, type InsuredPerson } from './adapters';

/**
 * The insurance and concept calls (spec part 2 §7; §4 "Insurance checks"):
 * - GET /api/insurance/pohjola-check/{yyyy-MM-dd} → hasInsurance (502 when Pohjola does not answer);
 * - GET /api/insurance/lahitapiola-policy-check → type, hasHealthcarePolicy;
 * - GET /api/insurance/lahitapiola-direct-compensation-permits/{lang} → type, directCompensationPermits;
 * - GET /api/insurance/lahitapiola-apply-permit?redirectTo= → 302 to the insurer (only for a path of this portal);
 * - POST /api/concepts?csrfToken= { code } → type (stores the concept in patient_concepts, once).
 * All need a session, act on its subject (the ward when a guardian acts for one) and write an audit
 * row for every read of the patient's insurance data. The insurers sit behind adapters.ts (today
 * the test doubles of server/src/demo/insurers/).
 */

export const INSURANCE_PATHS = {
  pohjolaCheck: '/api/insurance/pohjola-check/:date',
  policyCheck: '/api/insurance/lahitapiola-policy-check',
  permits: '/api/insurance/lahitapiola-direct-compensation-permits/:lang',
  applyPermit: '/api/insurance/lahitapiola-apply-permit',
  concepts: '/api/concepts',
} as const;

const signedIn = async (request: FastifyRequest) => {
  if (!request.session) throw unauthorized();
};

async function insuredPerson(db: Database, access: PatientAccess, guardianActing: boolean): Promise<InsuredPerson> {
  const person = await personById(db, access.subjectPersonId);
  if (!person) throw notFound('No such person');
  const parsed = parseIdentityCode(person.identityCode);
  return {
    personId: access.subjectPersonId,
    identityCode: person.identityCode,
    birthDate: parsed.valid ? parsed.birthDate : null,
    guardianActing,
  };
}

/**
 * The same-origin path of a redirectTo: a path of this portal as it is, or an absolute URL on the
 * portal's own origin reduced to its path; null for anything else (an open redirect is refused).
 */
export function ownPath(redirectTo: string, publicUrl: string): string | null {
  let candidate = redirectTo;
  if (!candidate.startsWith('/')) {
    try {
      const url = new URL(candidate);
      if (url.origin !== new URL(publicUrl).origin) return null;
      candidate = `${url.pathname}${url.search}${url.hash}`;
    } catch {
      return null;
    }
  }
  const safe = isSafeNextPath(candidate);
  return safe === '/' && candidate !== '/' ? null : safe;
}

/** the page's language from its path (/fi/…, /sv/…, /en/…), else the portal's default */
export function langOfPath(path: string, fallback: Lang): Lang {
  const parsed = langSchema.safeParse(path.split('/')[1]);
  return parsed.success ? parsed.data : fallback;
}

const insurerUnavailable = () => new ApiError(502, 'InternalError', 'The insurer did not answer');

export function installInsurance(app: FastifyInstance, _config: BookingConfig, adapters: InsuranceAdapters): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const subjectOf = async (request: FastifyRequest, action: string, details?: Record<string, unknown>) => {
    const access = patientAccess(request);
    const guardianActing = request.session?.actingForPersonId != null;
    return auditedRead(app.db, access, action, () => insuredPerson(app.db, access, guardianActing), details);
  };

  typed.get(
    INSURANCE_PATHS.pohjolaCheck,
    {
      schema: {
        params: pohjolaCheckParamsSchema,
        response: { 200: pohjolaCheckResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 502: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const person = await subjectOf(request, 'booking.insurance.pohjola-check', { date: request.params.date });
      try {
        return await adapters.pohjola.check(person, request.params.date);
      } catch (error) {
        if (error instanceof InsurerUnavailableError) throw insurerUnavailable();
        throw error;
      }
    },
  );

  typed.get(
    INSURANCE_PATHS.policyCheck,
    {
      schema: { response: { 200: lahiTapiolaPolicyCheckResponseSchema, 401: apiErrorSchema } },
      preValidation: signedIn,
    },
    async (request) => {
      const person = await subjectOf(request, 'booking.insurance.lahitapiola-policy-check');
      try {
        return await adapters.lahiTapiola.policyCheck(person);
      } catch (error) {
        if (error instanceof InsurerUnavailableError) return { type: 'error' as const, hasHealthcarePolicy: false };
        throw error;
      }
    },
  );

  typed.get(
    INSURANCE_PATHS.permits,
    {
      schema: {
        params: z.object({ lang: langSchema }),
        response: { 200: lahiTapiolaPermitsResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const person = await subjectOf(request, 'booking.insurance.lahitapiola-permits');
      try {
        return await adapters.lahiTapiola.permits(person, request.params.lang);
      } catch (error) {
        if (error instanceof InsurerUnavailableError) return { type: 'error' as const, directCompensationPermits: [] };
        throw error;
      }
    },
  );

  typed.get(
    INSURANCE_PATHS.applyPermit,
    {
      schema: {
        querystring: lahiTapiolaApplyPermitQuerySchema.extend({ redirectTo: textSchema.min(1).max(2048) }),
        response: { 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const path = ownPath(request.query.redirectTo, app.config.publicUrl);
      if (path === null) return reply.status(400).send(validationError([{ path: 'redirectTo', message: 'Must be a page of this portal' }]));
      return reply.redirect(adapters.lahiTapiola.applyPermitUrl(path, langOfPath(path, app.config.defaultLang)), 302);
    },
  );

  typed.post(
    INSURANCE_PATHS.concepts,
    {
      schema: {
        querystring: csrfQuerySchema.partial(),
        body: conceptInsertRequestSchema,
        response: { 200: conceptInsertResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request): Promise<ConceptInsertResponse> => {
      const { code } = request.body;
      const person = await subjectOf(request, 'booking.insurance.concept-insert', { code });
      const answer = await adapters.concepts.insert(person, code).catch((error: unknown) => {
        if (error instanceof InsurerUnavailableError) return { type: 'error' as const };
        throw error;
      });
      if (answer.type !== 'success') {
        request.log.warn({ code }, 'concept service refused the concept');
        return { type: 'error' };
      }
      // Idempotent: one row per person and code; a second insertion updates the permission.
      await app.db
        .insert(patientConcepts)
        .values({ personId: person.personId, code, directReimbursementAllowed: answer.directReimbursementAllowed })
        .onConflictDoUpdate({
          target: [patientConcepts.personId, patientConcepts.code],
          set: { directReimbursementAllowed: sql`${patientConcepts.directReimbursementAllowed} or excluded.direct_reimbursement_allowed` },
        });
      return { type: 'success' };
    },
  );
}
