import type { FastifyInstance } from 'fastify';
import { auditedRead, patientAccess } from '../patients/access';
import { notFoundState, ok, type LoaderContext } from '../../pages/loaders';
import { installLaboratoryAndImagingPages } from './laboratory-imaging-pages';
import { recordsListLoaders } from './list-loaders';
import { installCertificatesPage } from './certificates';
import { installQuestionnairePages } from './questionnaires';
import { installVaccinationsPage } from './vaccinations';
import { installPrescriptionRenewal } from './renewal';
import { visitPage } from './visits';

/** The records remote's page loaders; every one reads one patient's data and is audited. */
export function installRecords(app: FastifyInstance): void {
  const read = <T>(ctx: LoaderContext, action: string, fn: (personId: string) => Promise<T>, details?: Record<string, unknown>) =>
    auditedRead(ctx.db, patientAccess(ctx.request), action, fn, details);

  const listLoaders: Record<string, (db: LoaderContext['db'], personId: string, lang: LoaderContext['lang']) => Promise<unknown>> =
    recordsListLoaders;
  for (const [routeId, load] of Object.entries(listLoaders)) {
    app.pageLoaders.register(routeId, async (ctx) => ok(await read(ctx, routeId, (personId) => load(ctx.db, personId, ctx.lang))));
  }
  app.pageLoaders.register('records.visit', async (ctx) => {
    const visitId = ctx.params.id ?? '';
    const state = await read(ctx, 'records.visit', (personId) => visitPage(ctx.db, personId, visitId, ctx.lang), { visitId });
    return state.status === 'ok' ? ok(state) : notFoundState(state);
  });
  installLaboratoryAndImagingPages(app);
  installPrescriptionRenewal(app);
  installQuestionnairePages(app);
  installCertificatesPage(app);
  installVaccinationsPage(app);
}
