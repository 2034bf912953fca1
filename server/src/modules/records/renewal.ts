import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  composeRenewalMessage,
  PRESCRIPTION_RENEWAL_FEATURE,
  PRESCRIPTION_RENEWALS_PATH,
  RENEWAL_MAINTENANCE_ERROR_TYPE,
  RENEWAL_MAX_PRESCRIPTIONS,
  RENEWAL_THREAD_TITLE,
  renewalMaintenanceErrorSchema,
  renewalQuerySchema,
  renewalRequestSchema,
  renewalResponseSchema,
  validationErrorSchema,
  type Lang,
  type PrescriptionRenewalPageState,
  type RenewalRequest,
  type RenewalResponse,
  type ValidationErrorBody,
} from '@portal/shared-api';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { ApiError, notFound, unauthorized, validationError } from '../../http/errors';
import { createThread, customerUserIdOf, insertMessage, markRead, teamRecipients } from '../messaging/index';
import { auditedRead, patientAccess, personById, type PatientAccess } from '../patients/index';
import { prescriptionIn, renewablePrescriptionsAmong } from './prescriptions';

/**
 * Prescription renewal (spec part 1 §2, §4, §5, §8, §9): the page state of
 * records.prescription-renewal (its loader: pages/prescription-renewal.ts) and POST /api/prescription-renewals?csrfToken=, which sends the
 * request as a messaging thread of type customer to the care team, with the fixed Finnish title and
 * the Finnish body of shared-api's composeRenewalMessage. Renewals travel as messages, so they are
 * offline while messaging is in maintenance. Ids from the browser are checked every time: only the
 * subject's own renewable prescriptions are shown or sent.
 */

export const RENEWAL_ROUTE_ID = 'records.prescription-renewal';

/** A request that names something the subject cannot renew: 400 with the paths of the ids. */
class RenewalRefused extends Error {
  constructor(readonly details: ValidationErrorBody['details']) {
    super('renewal refused');
  }
}

async function subjectName(db: Database, personId: string): Promise<{ firstName: string; lastName: string }> {
  const row = await personById(db, personId);
  return { firstName: row?.givenName ?? '', lastName: row?.familyName ?? '' };
}

/** The page state for `idsParam` (the route's `ids`, already matched against `[0-9]+(,[0-9]+)*`). */
export async function loadRenewalPage(db: Database, access: PatientAccess, idsParam: string, lang: Lang): Promise<PrescriptionRenewalPageState> {
  const ids = idsParam.split(',');
  return auditedRead(
    db,
    access,
    RENEWAL_ROUTE_ID,
    async (subjectPersonId): Promise<PrescriptionRenewalPageState> => {
      const { found, missing } = await renewablePrescriptionsAmong(db, subjectPersonId, ids);
      // One id that is not the subject's renewable prescription and nothing is shown: never a form for someone else's.
      if (missing.length > 0 || found.length === 0 || found.length > RENEWAL_MAX_PRESCRIPTIONS) return { status: 'not-renewable' };
      const [user, customerUserId] = await Promise.all([subjectName(db, subjectPersonId), customerUserIdOf(db, subjectPersonId)]);
      return {
        status: 'ok',
        prescriptions: found.map((prescription) => prescriptionIn(prescription, lang)),
        user,
        customerMessagingUserId: customerUserId === null ? null : String(customerUserId),
      };
    },
    { prescriptionIds: ids.slice(0, RENEWAL_MAX_PRESCRIPTIONS + 1) },
  );
}

/**
 * Checks the request's ids again and writes the thread and its first message in one transaction.
 * Returns the new thread's id.
 */
async function sendRenewal(tx: Database, subjectPersonId: string, request: RenewalRequest): Promise<number> {
  const { found, missing } = await renewablePrescriptionsAmong(
    tx,
    subjectPersonId,
    request.prescriptions.map((item) => item.id),
  );
  if (missing.length > 0) {
    const refused = new Set(missing);
    throw new RenewalRefused(
      request.prescriptions.flatMap((item, index) =>
        refused.has(item.id) ? [{ path: `prescriptions.${index}.id`, message: 'Not a prescription you can renew' }] : [],
      ),
    );
  }
  const customerUserId = await customerUserIdOf(tx, subjectPersonId);
  if (customerUserId === null) throw new ApiError(403, 'Forbidden', 'Renewals are sent as messages: there is no messaging user to send as');
  const [team] = await teamRecipients(tx);
  if (!team) throw new Error('no healthcare team recipient for renewal requests');

  const byId = new Map(found.map((prescription) => [prescription.id, prescription]));
  const content = composeRenewalMessage({
    general: request.general,
    medicines: request.prescriptions.map((item) => {
      const prescription = byId.get(item.id);
      if (!prescription) throw new Error('a checked prescription went missing');
      return { medicineName: prescription.medicineName, strength: prescription.strength, reason: item.reason, answers: item.answers };
    }),
  });
  const threadId = await createThread(tx, {
    title: RENEWAL_THREAD_TITLE,
    threadType: 'customer',
    customerUserId,
    participantUserIds: [team.id],
  });
  await insertMessage(tx, { threadId, authorUserId: customerUserId, content });
  // Whoever writes has read the thread up to their own message (as in the messaging mutations).
  await markRead(tx, { threadId, userId: customerUserId });
  return threadId;
}

/** The sending route (the page's loader is pages/prescription-renewal.ts); called from the records module's install. */
export function installPrescriptionRenewal(app: FastifyInstance): void {
  // Asked at each request: the messaging module is installed after this one.
  const maintenance = () => app.messaging.status === 'maintenance-mode';

  app.withTypeProvider<ZodTypeProvider>().post(
    PRESCRIPTION_RENEWALS_PATH,
    {
      schema: {
        querystring: renewalQuerySchema,
        body: renewalRequestSchema,
        response: {
          200: renewalResponseSchema,
          400: validationErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          503: renewalMaintenanceErrorSchema,
        },
      },
      // Before the body is validated: who may call, whether the feature exists, whether messaging is up.
      // (The sessions module has checked the csrfToken already.)
      preValidation: async (request, reply) => {
        if (!request.session) throw unauthorized();
        if (!app.config.features.includes(PRESCRIPTION_RENEWAL_FEATURE)) throw notFound('Prescription renewal is not available');
        if (maintenance()) {
          return reply
            .status(503)
            .header('retry-after', '3600')
            .send({ type: RENEWAL_MAINTENANCE_ERROR_TYPE, message: 'Prescription renewals are offline while messaging is in maintenance' });
        }
      },
    },
    async (request, reply) => {
      const access = patientAccess(request);
      const body = request.body;
      try {
        const threadId = await auditedRead(
          app.db,
          access,
          'records.prescription-renewal.send',
          // The transaction speaks the same query builder; nothing inside may use app.db (PGlite has one connection).
          (subjectPersonId) => withTransaction(app.db, (tx) => sendRenewal(tx, subjectPersonId, body)),
          { prescriptionIds: body.prescriptions.map((item) => item.id) },
        );
        return reply.header('cache-control', 'no-store').send({ type: 'success', threadId: String(threadId) } satisfies RenewalResponse);
      } catch (error) {
        if (error instanceof RenewalRefused) return reply.status(400).send(validationError(error.details));
        throw error;
      }
    },
  );
}
