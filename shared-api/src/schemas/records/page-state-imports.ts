import type { PageStateImports } from '../pages/page-state-imports';
import type { recordsPageStates } from './page-states';

/**
 * recordsPageStates, each schema imported when its route is first shown: the remote's browser bundle
 * constructs only the schemas of the pages the visitor opens (page-state-imports.test.ts checks
 * that every entry gives the same schema as recordsPageStates).
 */
export const recordsPageStateImports = {
  'records.visits': () => import('./lists').then((m) => m.recordsListPageStateSchemas['records.visits']),
  'records.prescriptions': () => import('./lists').then((m) => m.recordsListPageStateSchemas['records.prescriptions']),
  'records.laboratory': () => import('./lists').then((m) => m.recordsListPageStateSchemas['records.laboratory']),
  'records.imaging': () => import('./lists').then((m) => m.recordsListPageStateSchemas['records.imaging']),
  'records.questionnaires': () => import('./lists').then((m) => m.recordsListPageStateSchemas['records.questionnaires']),
  'records.visit': () => import('./visit').then((m) => m.visitPageStateSchema),
  'records.prescription-renewal': () => import('./renewal').then((m) => m.prescriptionRenewalPageStateSchema),
  'records.laboratory-result': () => import('./laboratory').then((m) => m.laboratoryResultPageStateSchema),
  'records.laboratory-referral': () => import('./referrals').then((m) => m.referralPageStateSchema),
  'records.imaging-result': () => import('./imaging').then((m) => m.imagingResultPageStateSchema),
  'records.imaging-referral': () => import('./referrals').then((m) => m.referralPageStateSchema),
  'records.questionnaire': () => import('./questionnaires').then((m) => m.questionnairePageStateSchema),
  'records.certificates': () => import('./certificates').then((m) => m.certificatesPageStateSchema),
  'records.vaccinations': () => import('./vaccinations').then((m) => m.vaccinationsPageStateSchema),
} as const satisfies PageStateImports<keyof typeof recordsPageStates>;
