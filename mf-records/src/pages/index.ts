import { lazyPage, type RemotePageMap } from '@portal/shared-ui';

/**
 * Route id (routes.json) → page, each its own chunk fetched when its route is first shown (lazyPage);
 * a route id's folder is found from its name.
 */
export const pages: RemotePageMap = {
  'records.visits': lazyPage(() => import('./visits/VisitsPage').then((m) => m.VisitsPage)),
  'records.visit': lazyPage(() => import('./visit/VisitPage').then((m) => m.VisitPage)),
  'records.prescriptions': lazyPage(() => import('./prescriptions/PrescriptionsPage').then((m) => m.PrescriptionsPage)),
  'records.prescription-renewal': lazyPage(() => import('./prescription-renewal/PrescriptionRenewalPage').then((m) => m.PrescriptionRenewalPage)),
  'records.laboratory': lazyPage(() => import('./laboratory/LaboratoryPage').then((m) => m.LaboratoryPage)),
  'records.imaging': lazyPage(() => import('./imaging/ImagingPage').then((m) => m.ImagingPage)),
  'records.laboratory-result': lazyPage(() => import('./laboratory-result/LaboratoryResultPage').then((m) => m.LaboratoryResultPage)),
  'records.laboratory-referral': lazyPage(() => import('./laboratory-referral/LaboratoryReferralPage').then((m) => m.LaboratoryReferralPage)),
  'records.imaging-result': lazyPage(() => import('./imaging-result/ImagingResultPage').then((m) => m.ImagingResultPage)),
  'records.imaging-referral': lazyPage(() => import('./imaging-referral/ImagingReferralPage').then((m) => m.ImagingReferralPage)),
  'records.questionnaires': lazyPage(() => import('./questionnaires/QuestionnairesPage').then((m) => m.QuestionnairesPage)),
  'records.questionnaire': lazyPage(() => import('./questionnaire/QuestionnairePage').then((m) => m.QuestionnairePage)),
  'records.certificates': lazyPage(() => import('./certificates/CertificatesPage').then((m) => m.CertificatesPage)),
  'records.vaccinations': lazyPage(() => import('./vaccinations/VaccinationsPage').then((m) => m.VaccinationsPage)),
};
