import type { RemotePageMap } from '@portal/shared-ui';
import { ImagingPage } from './imaging/ImagingPage';
import { ImagingReferralPage } from './imaging-referral/ImagingReferralPage';
import { ImagingResultPage } from './imaging-result/ImagingResultPage';
import { LaboratoryPage } from './laboratory/LaboratoryPage';
import { LaboratoryReferralPage } from './laboratory-referral/LaboratoryReferralPage';
import { LaboratoryResultPage } from './laboratory-result/LaboratoryResultPage';
import { PrescriptionRenewalPage } from './prescription-renewal/PrescriptionRenewalPage';
import { PrescriptionsPage } from './prescriptions/PrescriptionsPage';
import { CertificatesPage } from './certificates/CertificatesPage';
import { QuestionnairePage } from './questionnaire/QuestionnairePage';
import { QuestionnairesPage } from './questionnaires/QuestionnairesPage';
import { VaccinationsPage } from './vaccinations/VaccinationsPage';
import { VisitPage } from './visit/VisitPage';
import { VisitsPage } from './visits/VisitsPage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pages: RemotePageMap = {
  'records.visits': VisitsPage,
  'records.visit': VisitPage,
  'records.prescriptions': PrescriptionsPage,
  'records.prescription-renewal': PrescriptionRenewalPage,
  'records.laboratory': LaboratoryPage,
  'records.imaging': ImagingPage,
  'records.laboratory-result': LaboratoryResultPage,
  'records.laboratory-referral': LaboratoryReferralPage,
  'records.imaging-result': ImagingResultPage,
  'records.imaging-referral': ImagingReferralPage,
  'records.questionnaires': QuestionnairesPage,
  'records.questionnaire': QuestionnairePage,
  'records.certificates': CertificatesPage,
  'records.vaccinations': VaccinationsPage,
};
