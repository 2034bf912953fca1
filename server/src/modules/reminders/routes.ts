import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  APPOINTMENT_REMINDERS_PATH,
  apiErrorSchema,
  appointmentRemindersQuerySchema,
  appointmentRemindersRequestSchema,
  appointmentRemindersResponseSchema,
  appointmentRemindersSaveResponseSchema,
  validationErrorSchema,
} from '@portal/shared-api';
import { unauthorized } from '../../http/errors';
import { auditedRead, patientAccess } from '../patients/index';
import { saveSetting, settingOf } from './preferences';

/**
 * The setting of My information (issue 33):
 * - GET /api/appointment-reminders — the setting of the session's subject (the ward when a guardian acts for one);
 * - PUT /api/appointment-reminders?csrfToken= { setting: off | 24h | 24h+2h } — saves it.
 * CSRF is the route policy's default for PUT (http/route-policy.ts); a bad body is a 400 with field
 * paths; both answer no-store (the policy's default) and are audited.
 */
export function installReminderRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // the session check comes before validation: anonymous callers learn nothing about the body
  const signedIn = async (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
  };

  typed.get(
    APPOINTMENT_REMINDERS_PATH,
    { schema: { response: { 200: appointmentRemindersResponseSchema, 401: apiErrorSchema } }, preValidation: signedIn },
    async (request) => {
      const setting = await auditedRead(app.db, patientAccess(request), 'reminders.setting.read', (personId) => settingOf(app.db, personId));
      return { reminders: { setting } };
    },
  );

  typed.put(
    APPOINTMENT_REMINDERS_PATH,
    {
      config: { csrf: 'required' },
      schema: {
        querystring: appointmentRemindersQuerySchema,
        body: appointmentRemindersRequestSchema,
        response: { 200: appointmentRemindersSaveResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preValidation: signedIn,
    },
    async (request) => {
      const { setting } = request.body;
      await auditedRead(app.db, patientAccess(request), 'reminders.setting.update', (personId) => saveSetting(app.db, personId, setting, new Date()), { setting });
      return { type: 'success' as const, reminders: { setting } };
    },
  );
}
