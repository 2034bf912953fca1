import type { OccupationalListState } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadSearchListState } from '../search/loaders';
import { occupationalStatusOf, SPECIAL_PHONE_BOOKING_PRODUCT_IDS } from '../search/occupational';
import type { PageDeps } from './deps';

/**
 * booking.occupational-list (spec part 2 §2.1, §6, §8): reads the session subject's contract (a
 * guardian acting for a child reads the child's: none), audited, then the occupational search.
 */
export const loader: PageLoaderFactory<'booking.occupational-list', PageDeps> = () => async (ctx) => {
  const access = patientAccess(ctx.request);
  const contract = await auditedRead(ctx.db, access, 'booking.occupational-list', (personId) => occupationalStatusOf(ctx.db, personId));
  if (contract.status === 'no-occupational-healthcare') return ok({ status: contract.status } satisfies OccupationalListState);
  if (contract.status === 'no-web-reservation') {
    const special = contract.contractProductIds.some((id) => SPECIAL_PHONE_BOOKING_PRODUCT_IDS.includes(id));
    return ok({
      status: contract.status,
      phoneBookingContent: special ? 'special' : 'default',
      customerServicePhone: ctx.config.brandConfig.customerServicePhone,
    } satisfies OccupationalListState);
  }
  try {
    const search = await loadSearchListState(ctx.db, { scope: 'occupational', query: ctx.request.query, lang: ctx.lang, features: ctx.features });
    return ok({ status: 'ok', search } satisfies OccupationalListState);
  } catch (error) {
    // spec part 2 §2.1 unknown-error: the page offers a retry that reloads it
    ctx.request.log.error({ err: error }, 'occupational search failed');
    return ok({ status: 'unknown-error' } satisfies OccupationalListState);
  }
};
