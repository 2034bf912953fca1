import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WEB_VITALS_PATH, validationErrorSchema, webVitalsBeaconSchema } from '@portal/shared-api';
import { validationError } from '../../http/errors';
import type { RemotesView } from '../remote-registry/index';

/** The `version` label of a page the beacon names no remote version for (the shell's own pages). */
export const NO_VERSION = 'none';

/**
 * POST /api/web-vitals `{ metric, value, pageType, remote? }`: one Core Web Vital of a sampled page
 * load (the shell's report-web-vitals.ts), observed in the metric's histogram. Declared as the
 * client-error beacon is: no session is read, so anonymous pages count too and a signed-in
 * browser's beacon needs no csrfToken; a cross-site browser is refused by its Origin
 * (`anonymous-origin-check`). A forged beacon can do no more than skew a histogram, within fair use.
 *
 * The labels stay bounded: the page type must be a route id the portal serves now and the remote
 * version one the registry serves now, so no client can add series of its own. Nothing is written
 * to the database or the audit log.
 *
 * Installed by the pages after fair use (modules/index.ts): the metrics module itself is installed
 * before it, and a route added then would escape its limits.
 */
/** The version label of a page served by a version the registry serves no more (a deploy or rollback since). */
export const RETIRED_VERSION = 'retired';

export function installWebVitals(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    WEB_VITALS_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: { body: webVitalsBeaconSchema, response: { 204: z.null(), 400: validationErrorSchema } },
    },
    async (request, reply) => {
      const { metric, value, pageType, remote } = request.body;
      let view: RemotesView | undefined;
      let retired = false;
      if (remote) {
        const served = app.remoteRegistry.allServed();
        if (!served.some((candidate) => candidate.id === remote.id)) {
          return reply.status(400).send(validationError([{ path: 'remote.id', message: 'Not a remote served here' }]));
        }
        const version = served.find((candidate) => candidate.id === remote.id && candidate.version === remote.version);
        // That version's own routes.json: a canary may serve a page the active version has not.
        const base = app.remoteRegistry.viewFor(0);
        if (version) view = { ...base, remotes: base.remotes.map((candidate) => (candidate.id === version.id ? version : candidate)) };
        // else a page opened before a deploy or a rollback, reporting the version it was served: it
        // did nothing wrong (a 400 was its answer), and its figures count under one bounded label
        // value, RETIRED_VERSION, checked against the pages served now
        else retired = true;
      }
      const route = app.routeTable.current(view).find((candidate) => candidate.id === pageType);
      if (!route || (remote !== undefined && route.owner !== remote.id)) {
        return reply.status(400).send(validationError([{ path: 'pageType', message: remote ? 'Not a page of this remote version' : 'Not a page served here' }]));
      }
      app.metrics.observeWebVital(metric, { page_type: route.id, remote: route.owner, version: retired ? RETIRED_VERSION : (remote?.version ?? NO_VERSION) }, value);
      return reply.status(204).send(null);
    },
  );
}
