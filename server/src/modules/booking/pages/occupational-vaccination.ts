import { INFLUENZA_SPECIALTY_ID, type OccupationalVaccinationState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { occupationalStatusOf, VACCINATION_CUSTOMER_SERVICE_PHONE } from '../search/occupational';
import type { PageDeps } from './deps';

/**
 * booking.occupational-vaccination (spec part 2 §2.1): whether the session subject's contract
 * includes influenza vaccinations (INFLUENZA_CONTRACT_PRODUCT_IDS), audited.
 */
export const loader: PageLoaderFactory<'booking.occupational-vaccination', PageDeps> =
  ({ config }) =>
  async (ctx) => {
    if (!ctx.session) return ok({ status: 'unauthorized' } satisfies OccupationalVaccinationState);
    const contract = await auditedRead(ctx.db, patientAccess(ctx.request), 'booking.occupational-vaccination', (personId) =>
      occupationalStatusOf(ctx.db, personId),
    );
    if (contract.status === 'no-occupational-healthcare') {
      return ok({ status: contract.status, customerServicePhone: VACCINATION_CUSTOMER_SERVICE_PHONE } satisfies OccupationalVaccinationState);
    }
    return ok({
      status: 'ok',
      vaccinationsIncluded: contract.contractProductIds.some((id) => config.influenzaContractProductIds.includes(id)),
      specialtyIds: [INFLUENZA_SPECIALTY_ID],
      customerServicePhone: VACCINATION_CUSTOMER_SERVICE_PHONE,
    } satisfies OccupationalVaccinationState);
  };
