import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ERRORS_PATH, clientErrorBeaconSchema, validationErrorSchema } from '@portal/shared-api';
import { validationError } from '../http/errors';

/**
 * POST /api/client-errors `{ remoteId, version }`: a browser tells that a remote's version failed
 * there (the shell's error reporter), so the registry can weigh a canary by its errors. Sent with or
 * without a session, so the session is never read, and a cross-site browser's request is refused by
 * its Origin (`anonymous-origin-check`): all it changes is a counter of a version served now, so a
 * forged one can do no more than a visitor's own browser. Fair use limits it as every API call.
 * Nothing of the visitor or the error is taken: a body with any other field is refused.
 */
export function installClientErrors(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    CLIENT_ERRORS_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: { body: clientErrorBeaconSchema, response: { 204: z.null(), 400: validationErrorSchema } },
    },
    async (request, reply) => {
      const { remoteId, version } = request.body;
      const served = app.remoteRegistry.allServed();
      if (!served.some((remote) => remote.id === remoteId)) {
        return reply.status(400).send(validationError([{ path: 'remoteId', message: 'Not a remote served here' }]));
      }
      if (!served.some((remote) => remote.id === remoteId && remote.version === version)) {
        return reply.status(400).send(validationError([{ path: 'version', message: 'Not a version of this remote served now' }]));
      }
      app.remoteRegistry.countClientError(remoteId, version);
      app.metrics.countClientError(remoteId, version);
      return reply.status(204).send(null);
    },
  );
}
