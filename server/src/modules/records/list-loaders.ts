import type { Lang, PageStateOf, RecordsListRouteId } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { loadImagingPage } from './imaging';
import { loadLaboratoryPage } from './laboratory';
import { loadPrescriptionsPage } from './prescriptions';
import { loadVisitsPage } from './visits';

// records.laboratory and records.imaging (with their referrals) live in laboratory.ts and imaging.ts.
export { loadImagingPage, loadLaboratoryPage };
// records.visits and records.prescriptions live in visits.ts and prescriptions.ts.
export { loadPrescriptionsPage, loadVisitsPage };

/**
 * Page loaders of the records remote's list pages (route ids records.visits, records.prescriptions,
 * records.laboratory, records.imaging, records.questionnaires). Each returns only the rows of
 * `subjectPersonId` (the signed-in person, or the child a guardian acts for); the caller checks
 * the session and writes the audit log.
 */

// records.questionnaires lives in questionnaires.ts, registered there with its maintenance mode.
export { loadQuestionnairesPage } from './questionnaires';

/** The list pages registered here (records.questionnaires: see questionnaires.ts). */
export type RecordsListLoaderRouteId = Exclude<RecordsListRouteId, 'records.questionnaires'>;

/** A list page's loader: it answers that page's state, as shared-api's pageStateSchemas has it. */
export type RecordsListLoader<R extends RecordsListLoaderRouteId> = (db: Database, subjectPersonId: string, lang: Lang) => Promise<PageStateOf<R>>;

/** The loaders by route id, for the server's loader registry. */
export const recordsListLoaders: { readonly [R in RecordsListLoaderRouteId]: RecordsListLoader<R> } = {
  'records.visits': loadVisitsPage,
  'records.prescriptions': loadPrescriptionsPage,
  'records.laboratory': loadLaboratoryPage,
  'records.imaging': loadImagingPage,
};
