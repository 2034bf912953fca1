import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { certificatesPageStateSchema } from './certificates';
import { imagingResultPageStateSchema } from './imaging';
import { laboratoryResultPageStateSchema } from './laboratory';
import { recordsListPageStateSchemas } from './lists';
import { questionnairePageStateSchema } from './questionnaires';
import { referralPageStateSchema } from './referrals';
import { prescriptionRenewalPageStateSchema } from './renewal';
import { vaccinationsPageStateSchema } from './vaccinations';
import { visitPageStateSchema } from './visit';

/**
 * The page state schemas of the routes of mf-records (see pageStateSchemas): its ./app bundles only these,
 * handed to createRemote as `pageStates`.
 */
export const recordsPageStates = {
  ...recordsListPageStateSchemas,
  'records.visit': visitPageStateSchema,
  'records.prescription-renewal': prescriptionRenewalPageStateSchema,
  'records.laboratory-result': laboratoryResultPageStateSchema,
  'records.laboratory-referral': referralPageStateSchema,
  'records.imaging-result': imagingResultPageStateSchema,
  'records.imaging-referral': referralPageStateSchema,
  'records.questionnaire': questionnairePageStateSchema,
  'records.certificates': certificatesPageStateSchema,
  'records.vaccinations': vaccinationsPageStateSchema,
} as const satisfies Partial<Record<RouteId, z.ZodType>>;
