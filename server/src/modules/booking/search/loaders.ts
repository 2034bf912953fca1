import type { FastifyInstance } from 'fastify';
import {
  endOfMonth,
  INFLUENZA_SPECIALTY_ID,
  parseSearchFilter,
  type HealthcareType,
  type Lang,
  type OccupationalListState,
  type OccupationalVaccinationState,
  type SearchListState,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { ok, type LoaderContext } from '../../../pages/loaders';
import { helsinkiToday } from '@portal/shared-i18n';
import { auditedRead, patientAccess } from '../../patients/access';
import type { BookingConfig } from '../config';
import { criteriaOf, lastDayOf, specialtyRulesOf, type SearchScope } from './criteria';
import { occupationalStatusOf, SPECIAL_PHONE_BOOKING_PRODUCT_IDS, VACCINATION_CUSTOMER_SERVICE_PHONE } from './occupational';
import { loadSearchOptions } from './options';
import { findAvailableDates, findSlots, findSuggestions, PRICE_DETAILS_FEATURE } from './slots';

export interface ListStateInput {
  scope: SearchScope;
  /** the page's query string as the server parsed it (repeated keys as arrays) */
  query: unknown;
  lang: Lang;
  features: readonly string[];
  now?: Date;
}

/**
 * A list page's whole first state (spec part 2 §2.1): the options, the filter from the address
 * (leniently), the first page of results (with suggestions when empty) and the calendar's first
 * month, so the page shows results without a second round trip.
 */
export async function loadSearchListState(db: Database, input: ListStateInput): Promise<SearchListState> {
  const now = input.now ?? new Date();
  const today = helsinkiToday(now);
  const query = typeof input.query === 'object' && input.query !== null ? (input.query as Record<string, unknown>) : {};
  const rules = specialtyRulesOf(input.scope);
  const parsed = parseSearchFilter(query, today);
  // a specialty the page does not offer is an invalid value: dropped like any other
  const filter = {
    ...parsed,
    specialtyIds: parsed.specialtyIds.filter((id) => (rules.allowed ? rules.allowed.includes(id) : !rules.excluded.includes(id))),
  };
  const criteria = criteriaOf(filter, input.scope);
  const monthEnd = endOfMonth(filter.startDate);
  const view = { lang: input.lang, priceDetails: input.features.includes(PRICE_DETAILS_FEATURE) };
  const [options, results, dates] = await Promise.all([
    loadSearchOptions(db, input.scope, input.lang, now),
    findSlots(db, criteria, 0, now, view),
    findAvailableDates(db, criteriaOf({ ...filter, endDate: monthEnd }, input.scope), now),
  ]);
  const suggestions = results.appointments.length ? null : await findSuggestions(db, criteria, lastDayOf(filter), now);
  return {
    healthcareType: criteria.healthcareType,
    restrictedToSpecialtyIds: input.scope === 'vaccination' ? [...(rules.allowed ?? [])] : null,
    today,
    options,
    filter,
    results: { type: 'success', ...results },
    suggestions,
    availableDates: { startDate: filter.startDate, endDate: monthEnd, dates },
    showPriceDetails: view.priceDetails,
  };
}

/** booking.landing: occupational health care is offered on the adult brand only (spec part 2 §2.1). */
export function customerTypesOf(brand: string): HealthcareType[] {
  return brand === 'adult' ? ['private', 'insurance', 'occupational'] : ['private', 'insurance'];
}

/**
 * The search pages' loaders (spec part 2 §2.1, §6, §8). The occupational list and vaccination pages
 * read the session subject's contract (a guardian acting for a child reads the child's: none),
 * audited; the other pages read no patient data.
 */
export function installSearchPages(app: FastifyInstance, config: BookingConfig): void {
  app.pageLoaders.register('booking.landing', async (ctx) => ok({ customerTypes: customerTypesOf(ctx.config.brand) }));

  const listPage = (scope: SearchScope) => async (ctx: LoaderContext) =>
    ok(await loadSearchListState(ctx.db, { scope, query: ctx.request.query, lang: ctx.lang, features: ctx.features }));
  app.pageLoaders.register('booking.private-list', listPage('private'));
  app.pageLoaders.register('booking.insurance-list', listPage('insurance'));
  app.pageLoaders.register('booking.vaccination', listPage('vaccination'));

  app.pageLoaders.register('booking.occupational-list', async (ctx) => {
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
  });

  app.pageLoaders.register('booking.occupational-landing', async (ctx) => ok({ signedIn: ctx.session !== null }));

  app.pageLoaders.register('booking.occupational-vaccination', async (ctx) => {
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
  });
}
