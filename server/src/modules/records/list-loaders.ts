/**
 * The state functions of the records remote's list pages (route ids records.visits,
 * records.prescriptions, records.laboratory, records.imaging, records.questionnaires), each from its
 * own file. Each returns only the rows of `subjectPersonId` (the signed-in person, or the child a
 * guardian acts for); the page's loader (pages/<page>.ts) checks the session and writes the audit log.
 */
export { loadImagingPage } from './imaging';
export { loadLaboratoryPage } from './laboratory';
export { loadPrescriptionsPage } from './prescriptions';
export { loadQuestionnairesPage } from './questionnaires';
export { loadVisitsPage } from './visits';
