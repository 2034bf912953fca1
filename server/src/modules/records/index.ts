import type { QuestionnairesStatus } from '@portal/shared-api';
import { auditedRead } from '../patients/index';
import { defineModule } from '../module';
import { loadRecordsConfig } from './config';
import { registerPageLoaders } from './pages/index.generated';
import { recordsLandingEvents, recordsSummary } from './queries';
import { installPrescriptionRenewal } from './renewal';

export { loadRecordsConfig, type RecordsConfig } from './config';
export { fhirTitleIn, fhirTitleTranslations } from './vocabulary';
/** The questionnaire invitations as messaging carries and answers them. */
export {
  answerQuestionnaireInvitation,
  openQuestionnaireInvitationId,
  questionnaireInvitationsByIds,
  type AnswerOutcome,
  type QuestionnaireInvitation,
} from './questionnaire-invitations';
/** The subject's records as "Download my data" (the account module) maps them to FHIR. */
export {
  answeredQuestionnairesForExport,
  imagingResultsForExport,
  laboratoryResultsForExport,
  prescriptionsForExport,
  vaccinationsForExport,
  visitsForExport,
  type ImagingResultRow,
  type LaboratoryResultRow,
  type PrescriptionRow,
  type QuestionnaireInvitationRow,
} from './data-export';

declare module 'fastify' {
  interface FastifyInstance {
    /** what other modules may know of the records module's settings */
    records: { readonly questionnairesStatus: QuestionnairesStatus };
  }
}

/** The records remote's page loaders (pages/), its front-page summary and the renewal route. */
export const recordsModule = defineModule({
  name: 'records',
  loadConfig: loadRecordsConfig,
  install(app, config) {
    // Messaging answers questionnaires too: it refuses to while they are in maintenance.
    app.decorate('records', { questionnairesStatus: config.questionnairesStatus });
    // every page's loader, each its pages/<page>.ts (generated from mf-records/routes.json)
    registerPageLoaders(app, { app, config });
    installPrescriptionRenewal(app);
    app.frontPageLanding.registerEvents('records', recordsLandingEvents);
    app.frontPageSummaries.register('mf-records', (ctx) =>
      auditedRead(ctx.db, ctx.access, 'records.summary', (personId) =>
        recordsSummary(ctx.db, personId, { lang: ctx.lang, renewalEnabled: ctx.features.includes('prescription-renewal') }),
      ),
    );
  },
});
