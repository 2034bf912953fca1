import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADULT_ONLY_CONSENT,
  apiErrorSchema,
  consentQuerySchema,
  consentRequestSchema,
  consentResponseSchema,
  contactUpdateRequestSchema,
  contactUpdateResponseSchema,
  PROFILE_CONSENT_PATH,
  PROFILE_USER_PATH,
  profileQuerySchema,
  userFormRequestSchema,
  userFormResponseSchema,
  validationErrorSchema,
  type Brand,
  type ConsentRequest,
  type ConsentResponse,
  type ContactUpdateResponse,
  type UserFormResponse,
  type ValidationErrorBody,
} from '@portal/shared-api';
import { withTransaction } from '../../../db/transaction';
import { notFound, unauthorized, validationError } from '../../../http/errors';
import { auditedRead, patientAccess } from '../../patients/index';
import type { AccountConfig } from '../config';
import { readProfile, saveConsent, saveContactDetails, saveUserForm, type ProfileRecord } from './queries';

/**
 * My information and the patient data consent (spec part 2 §2.2, §3, §4, §7): the loaders of
 * account.my-information and account.data-processing (pages/), and
 * - PUT /api/user?csrfToken= — the contact details (street, postal code, post office, e-mail, phone);
 * - POST /api/user?csrfToken= — the user form: contact details, language, and where to go next;
 * - POST /api/user/consent?csrfToken=&lang= — the five consents; marks the patient data consent given.
 * All are CSRF-protected (the route policy's default), validated by shared-api's schemas (400 with
 * `details[].path`, nothing written), and act on the session's subject: the ward when a guardian
 * acts for one. Every read and write is audited; nothing here logs identity codes or contact details.
 */

export const MY_INFORMATION_ROUTE_ID = 'account.my-information';
export const DATA_PROCESSING_ROUTE_ID = 'account.data-processing';

/**
 * spec §6: the occupational register consent is asked on the adult brand only. There it must be
 * answered; on the children's brand it must be left out. Details of the refusal, or null.
 */
export function consentRefusal(brand: Brand, consent: ConsentRequest): ValidationErrorBody['details'] | null {
  const given = consent[ADULT_ONLY_CONSENT] !== undefined;
  if (brand === 'adult' && !given) return [{ path: ADULT_ONLY_CONSENT, message: 'Required' }];
  if (brand !== 'adult' && given) return [{ path: ADULT_ONLY_CONSENT, message: 'Not asked on this brand' }];
  return null;
}

/** The person's profile, or 404: a session always names an existing person, so one that is gone is not found. */
export const requireProfile = (profile: ProfileRecord | null): ProfileRecord => {
  if (!profile) throw notFound('No such person');
  return profile;
};

export function installProfile(app: FastifyInstance, _config: AccountConfig): void {
  const brand = app.config.brand;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = async (request: { session?: unknown }) => {
    if (!request.session) throw unauthorized();
  };

  typed.put(
    PROFILE_USER_PATH,
    {
      schema: {
        querystring: profileQuerySchema,
        body: contactUpdateRequestSchema,
        response: { 200: contactUpdateResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const contact = request.body;
      await auditedRead(app.db, patientAccess(request), 'account.contact.update', (personId) =>
        withTransaction(app.db, (tx) => saveContactDetails(tx, personId, contact)),
      );
      return reply.send({ type: 'success', patient: contact } satisfies ContactUpdateResponse);
    },
  );

  typed.post(
    PROFILE_USER_PATH,
    {
      schema: {
        querystring: profileQuerySchema,
        body: userFormRequestSchema,
        response: { 200: userFormResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const { language, next, zipCode, ...rest } = request.body;
      const profile = await auditedRead(app.db, patientAccess(request), 'account.profile.update', (personId) =>
        withTransaction(app.db, async (tx) => {
          await saveUserForm(tx, personId, { ...rest, postalCode: zipCode }, language);
          return readProfile(tx, personId);
        }),
      );
      return reply.send({ type: 'success', patient: requireProfile(profile).patient, next: next ?? null } satisfies UserFormResponse);
    },
  );

  typed.post(
    PROFILE_CONSENT_PATH,
    {
      schema: {
        querystring: consentQuerySchema,
        body: consentRequestSchema,
        response: { 200: consentResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const refusal = consentRefusal(brand, request.body);
      if (refusal) return reply.status(400).send(validationError(refusal));
      const body = request.body;
      const profile = await auditedRead(app.db, patientAccess(request), 'account.consent.update', (personId) =>
        withTransaction(app.db, async (tx) => {
          await saveConsent(tx, personId, body, new Date());
          return readProfile(tx, personId);
        }),
      );
      const { patient, consent } = requireProfile(profile);
      return reply.send({
        type: 'success',
        consent,
        // just written, so never null here
        patientDataConsentFormUpdated: patient.patientDataConsentFormUpdated ?? new Date().toISOString(),
        patientDataConsent: patient.patientDataConsent,
      } satisfies ConsentResponse);
    },
  );
}
