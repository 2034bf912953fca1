import type { DataProcessingPageState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { DATA_PROCESSING_ROUTE_ID, requireProfile } from '../profile/routes';
import { readProfile } from '../profile/queries';
import type { PageDeps } from './deps';

/** account.data-processing: the session's subject's consents, audited, and the privacy policy's address. */
export const loader: PageLoaderFactory<'account.data-processing', PageDeps> =
  ({ config }) =>
  async (ctx) => {
    const profile = requireProfile(await auditedRead(ctx.db, patientAccess(ctx.request), DATA_PROCESSING_ROUTE_ID, (personId) => readProfile(ctx.db, personId)));
    return ok({
      consent: profile.consent,
      patientDataConsentFormUpdated: profile.patient.patientDataConsentFormUpdated,
      privacyPolicyUrl: config.privacyPolicyUrl,
    } satisfies DataProcessingPageState);
  };
