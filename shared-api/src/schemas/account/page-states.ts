import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { dataAccessPageStateSchema } from './data-access';
import { dataProcessingPageStateSchema, myInformationPageStateSchema } from './profile';
import { registrationPageStateSchema } from './registration';
import { smsLoginPageStateSchema } from './sms-login';
import { helpPageStateSchema, pikkutsattiPageStateSchema, sicknessFundPageStateSchema } from './static-pages';
import { teamPageStateSchema } from './team';

/**
 * The page state schemas of the routes of mf-account (see pageStateSchemas): its ./app bundles only these,
 * handed to createRemote as `pageStates`.
 */
export const accountPageStates = {
  'account.registration': registrationPageStateSchema,
  'account.welcome': registrationPageStateSchema,
  'account.data-access': dataAccessPageStateSchema,
  'account.sms-login': smsLoginPageStateSchema,
  'account.team': teamPageStateSchema,
  'account.sickness-fund': sicknessFundPageStateSchema,
  'account.pikkutsatti': pikkutsattiPageStateSchema,
  'account.pikkutsatti-anonymous': pikkutsattiPageStateSchema,
  'account.help': helpPageStateSchema,
  'account.my-information': myInformationPageStateSchema,
  'account.data-processing': dataProcessingPageStateSchema,
} as const satisfies Partial<Record<RouteId, z.ZodType>>;
