import type { ComponentType } from 'react';
import { ImagingPage } from './imaging/ImagingPage';
import { LaboratoryPage } from './laboratory/LaboratoryPage';
import { PrescriptionsPage } from './prescriptions/PrescriptionsPage';
import { QuestionnairesPage } from './questionnaires/QuestionnairesPage';
import { VisitsPage } from './visits/VisitsPage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pagesByRouteId: Readonly<Record<string, ComponentType>> = {
  'records.visits': VisitsPage,
  'records.prescriptions': PrescriptionsPage,
  'records.laboratory': LaboratoryPage,
  'records.imaging': ImagingPage,
  'records.questionnaires': QuestionnairesPage,
};
