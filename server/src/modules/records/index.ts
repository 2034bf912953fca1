import type { FastifyInstance } from 'fastify';
import type { QuestionnairesStatus } from '@portal/shared-api';
import { auditedRead, patientAccess } from '../patients/access';
import { notFoundState, ok, type LoaderContext } from '../../pages/loaders';
import { defineModule } from '../module';
import { installCertificatesPage } from './certificates';
import { loadRecordsConfig } from './config';
import { installLaboratoryAndImagingPages } from './laboratory-imaging-pages';
import { recordsListLoaders, type RecordsListLoaderRouteId } from './list-loaders';
import { recordsSummary } from './queries';
import { installQuestionnairePages } from './questionnaires';
import { installPrescriptionRenewal } from './renewal';
import { seedRecords } from './seed';
import { installVaccinationsPage } from './vaccinations';
import { visitPage } from './visits';

export { loadRecordsConfig, type RecordsConfig } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    /** what other modules may know of the records module's settings */
    records: { readonly questionnairesStatus: QuestionnairesStatus };
  }
}

/** The records remote's page loaders, its front-page summary, the renewal route and its demo data. */
export const recordsModule = defineModule({
  name: 'records',
  loadConfig: loadRecordsConfig,
  install(app, config) {
    // Messaging answers questionnaires too: it refuses to while they are in maintenance.
    app.decorate('records', { questionnairesStatus: config.questionnairesStatus });
    installListPages(app);
    app.pageLoaders.register('records.visit', async (ctx) => {
      const visitId = ctx.params.id ?? '';
      const state = await read(ctx, 'records.visit', (personId) => visitPage(ctx.db, personId, visitId, ctx.lang), { visitId });
      return state.status === 'ok' ? ok(state) : notFoundState(state);
    });
    installLaboratoryAndImagingPages(app, { imagingApiStatus: config.imagingApiStatus });
    installPrescriptionRenewal(app);
    installQuestionnairePages(app, { status: config.questionnairesStatus });
    installCertificatesPage(app);
    installVaccinationsPage(app);
    app.frontPageSummaries.register('mf-records', (ctx) =>
      auditedRead(ctx.db, ctx.access, 'records.summary', (personId) =>
        recordsSummary(ctx.db, personId, { lang: ctx.lang, renewalEnabled: ctx.features.includes('prescription-renewal') }),
      ),
    );
  },
  seed: seedRecords,
});

/** Every loader here reads one patient's data, and is audited. */
function read<T>(ctx: LoaderContext, action: string, fn: (personId: string) => Promise<T>, details?: Record<string, unknown>) {
  return auditedRead(ctx.db, patientAccess(ctx.request), action, fn, details);
}

function installListPages(app: FastifyInstance): void {
  // Generic, so each registration keeps its own route's state type.
  const register = <R extends RecordsListLoaderRouteId>(routeId: R) =>
    app.pageLoaders.register(routeId, async (ctx) => ok(await read(ctx, routeId, (personId) => recordsListLoaders[routeId](ctx.db, personId, ctx.lang))));
  register('records.visits');
  // Renewals travel as messages: while messaging is in maintenance the page says so instead of a cart.
  app.pageLoaders.register('records.prescriptions', async (ctx) => {
    const state = await read(ctx, 'records.prescriptions', (personId) => recordsListLoaders['records.prescriptions'](ctx.db, personId, ctx.lang));
    return ok(app.messaging.status === 'maintenance-mode' ? { ...state, renewalMaintenance: true } : state);
  });
  register('records.laboratory');
  register('records.imaging');
}
