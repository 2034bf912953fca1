import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import {
  apiErrorSchema,
  csrfQuerySchema,
  maskIdentityCode,
  registrationRequestSchema,
  registrationResponseSchema,
  validationErrorSchema,
  CONTACT_MESSAGE_IDS,
  REGISTER_PATH,
  REGISTRATION_MESSAGE_IDS,
  type GuardianFormValues,
  type ParsedRegistration,
  type RegistrationPageState,
  type RegistrationResponse,
  type ValidationErrorBody,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import { ApiError, unauthorized, validationError } from '../../../http/errors';
import { auditedRead, patientAccess, personById, registerAsCustomer, type PatientAccess, type Person } from '../../patients/index';
import type { AccountConfig } from '../config';
import { accountProfiles, registrationGuardians } from '../schema';

/**
 * Registration (spec part 2 §2.2, §3, §5, §7, §9; part 1 §2 first-time welcome): the loaders of
 * account.registration and account.welcome (one form; pages/) and POST /api/user/register?csrfToken=.
 *
 * Whom the form registers is the session's subject, never a value from the browser: the signed-in
 * person, or the ward a guardian acts for (the guardianship is checked again on every call). A
 * registered person is a customer at once: `people.registered`, their contact details on `people`
 * and `account_profiles`, and a ward's guardians in `registration_guardians`, all in one
 * transaction; the next page load reads them (the front page no longer sends them here).
 */

export const REGISTRATION_ROUTE_ID = 'account.registration';
export const WELCOME_ROUTE_ID = 'account.welcome';

async function signedInPerson(db: Database, personId: string): Promise<Person> {
  const person = await personById(db, personId);
  if (!person) throw unauthorized();
  return person;
}

/** A saved guardian as the form shows it. */
function guardianFormValues(row: typeof registrationGuardians.$inferSelect): GuardianFormValues {
  return {
    name: row.name,
    phone: row.phone,
    emailAddress: row.emailAddress,
    isGuardianHasSameAddress: row.sameAddressAsChild,
    streetAddress: row.streetAddress ?? '',
    zipCode: row.zipCode ?? '',
    postOffice: row.postOffice ?? '',
  };
}

/** The form's state for the session's subject (audited: it shows their contact details). */
export async function loadRegistrationPage(db: Database, access: PatientAccess, routeId: string): Promise<RegistrationPageState> {
  return auditedRead(db, access, routeId, async (subjectId) => {
    const ward = subjectId !== access.actorPersonId;
    const [subject, [profile], saved] = await Promise.all([
      signedInPerson(db, subjectId),
      db.select().from(accountProfiles).where(eq(accountProfiles.personId, subjectId)),
      ward
        ? db.select().from(registrationGuardians).where(eq(registrationGuardians.childPersonId, subjectId)).orderBy(asc(registrationGuardians.position))
        : Promise.resolve([]),
    ]);
    let guardians: GuardianFormValues[] = saved.map(guardianFormValues);
    if (ward && guardians.length === 0) {
      // The first guardian is usually the one filling in the form: offered, editable.
      const actor = await signedInPerson(db, access.actorPersonId);
      guardians = [
        {
          name: `${actor.givenName} ${actor.familyName}`.trim(),
          phone: actor.phoneNumber ?? '',
          emailAddress: actor.email ?? '',
          isGuardianHasSameAddress: true,
          streetAddress: '',
          zipCode: '',
          postOffice: '',
        },
      ];
    }
    return {
      registered: subject.registered,
      subject: {
        kind: ward ? 'ward' : 'self',
        maskedIdentityCode: maskIdentityCode(subject.identityCode),
        firstName: subject.givenName,
        lastName: subject.familyName,
      },
      contact: {
        streetAddress: profile?.streetAddress ?? '',
        zipCode: profile?.postalCode ?? '',
        postOffice: profile?.postOffice ?? '',
        emailAddress: subject.email ?? '',
        phoneNumber: subject.phoneNumber ?? '',
      },
      guardians,
    };
  });
}

/** The rules that depend on whom the form registers (the shape's rules are the schema's). */
function subjectProblems(body: ParsedRegistration, ward: boolean): ValidationErrorBody['details'] {
  const problems: ValidationErrorBody['details'] = [];
  if (ward) {
    // A ward's names come from the population register: locked in the form, never sent.
    for (const field of ['firstName', 'lastName'] as const) {
      if (body[field] !== undefined) problems.push({ path: field, message: REGISTRATION_MESSAGE_IDS.namesOfWardLocked });
    }
    if (!body.guardians || body.guardians.length === 0) problems.push({ path: 'guardians', message: REGISTRATION_MESSAGE_IDS.guardianRequired });
  } else {
    for (const field of ['firstName', 'lastName'] as const) {
      if (body[field] === undefined) problems.push({ path: field, message: CONTACT_MESSAGE_IDS.required });
    }
    if (body.guardians !== undefined) problems.push({ path: 'guardians', message: REGISTRATION_MESSAGE_IDS.guardiansOnlyForWard });
  }
  return problems;
}

/** Makes the subject a customer with the form's details, in one transaction. */
async function register(tx: Database, subjectId: string, ward: boolean, body: ParsedRegistration): Promise<RegistrationResponse> {
  const updated = await registerAsCustomer(tx, subjectId, {
    email: body.emailAddress,
    phoneNumber: body.phoneNumber,
    ...(!ward && body.firstName !== undefined && body.lastName !== undefined ? { names: { givenName: body.firstName, familyName: body.lastName } } : {}),
  });
  if (!updated) throw unauthorized();
  const address = {
    streetAddress: body.streetAddress,
    postalCode: body.zipCode,
    postOffice: body.postOffice,
    ...(body.language ? { language: body.language } : {}),
    updatedAt: new Date(),
  };
  await tx
    .insert(accountProfiles)
    .values({ personId: subjectId, ...address })
    .onConflictDoUpdate({ target: accountProfiles.personId, set: address });
  if (ward && body.guardians) {
    await tx.delete(registrationGuardians).where(eq(registrationGuardians.childPersonId, subjectId));
    await tx.insert(registrationGuardians).values(
      body.guardians.map((guardian, index) => ({
        childPersonId: subjectId,
        position: index + 1,
        name: guardian.name,
        phone: guardian.phone,
        emailAddress: guardian.emailAddress,
        sameAddressAsChild: guardian.isGuardianHasSameAddress,
        streetAddress: guardian.streetAddress,
        zipCode: guardian.zipCode,
        postOffice: guardian.postOffice,
      })),
    );
  }
  return { type: 'success', patient: { firstName: updated.givenName, lastName: updated.familyName, registered: true } };
}

/** Registers POST /api/user/register (the pages' loaders: pages/registration.ts, pages/welcome.ts). */
export function installRegistration(app: FastifyInstance, _config: AccountConfig): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    REGISTER_PATH,
    {
      schema: {
        querystring: csrfQuerySchema,
        body: registrationRequestSchema,
        response: { 200: registrationResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      // Before the body is read: only a signed-in caller (the sessions module has checked the csrfToken).
      preValidation: async (request) => {
        if (!request.session) throw unauthorized();
      },
    },
    async (request, reply) => {
      const access = patientAccess(request);
      const ward = access.subjectPersonId !== access.actorPersonId;
      // The session's mandate was checked at sign-in; a guardianship ended since then ends it here.
      if (ward && !(await app.people.isGuardianOf(access.actorPersonId, access.subjectPersonId))) {
        throw new ApiError(403, 'Forbidden', 'Not a guardian of this person');
      }
      const problems = subjectProblems(request.body, ward);
      if (problems.length > 0) return reply.status(400).send(validationError(problems));
      const answer = await auditedRead(app.db, access, 'account.registration.register', (subjectId) =>
        withTransaction(app.db, (tx) => register(tx, subjectId, ward, request.body)),
      );
      request.log.info({ ward, guardians: request.body.guardians?.length ?? 0 }, 'registered as a customer');
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
}
