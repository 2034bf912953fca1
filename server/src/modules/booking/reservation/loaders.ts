import type { FastifyInstance } from 'fastify';
import { buildPath, findRoute } from '@portal/shared-i18n';
import {
  CHILDREN_INTERNAL_ORGANIZATION,
  RESERVATION_ROUTE_TYPES,
  type AnonymousReservationPageState,
  type Brand,
  type HealthcareType,
  type Lang,
  type ReservationPageState,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { notFoundState, ok, type LoaderContext, type LoaderResult } from '../../../pages/loaders';
import { readProfile } from '../../account/index';
import { auditedRead, patientAccess } from '../../patients/index';
import { withinCancellationWindow } from '../cancellation';
import type { BookingConfig } from '../config';
import {
  occupationalConfirmationOf,
  occupationalContractOf,
  occupationalRefusal,
  patientConceptsOf,
  personById,
  registrationOf,
} from './person';
import { findSlot, priceInfoOf, slotIdOf, slotIsClosed, slotIsHeld, toReservationAppointment, type SlotRow } from './slot';

/**
 * The six reservation pages' loaders (spec part 2 §2.1 "Reserve appointment", §3 "Page state for
 * reservation"): the healthcare type comes from the route id. not-found answers 404; a slot that
 * is held, has started or was withdrawn is already-reserved.
 */

/** internalOrganization (docs/product-decisions.md, "Values"): the adult brand's product name, 'pikkujatti' on the children's brand. */
export function internalOrganizationOf(brand: Brand, config: Pick<BookingConfig, 'productName'>): string {
  return brand === 'children' ? CHILDREN_INTERNAL_ORGANIZATION : config.productName;
}

const MAX_QUERY_KEYS = 20;
const MAX_QUERY_VALUE_LENGTH = 200;

/** The page's own query string (spec §3 "query"): string values only, without the loader API's lang and the route's id. */
function pageQueryOf(ctx: LoaderContext): Record<string, string> {
  const raw = (ctx.request.query ?? {}) as Record<string, unknown>;
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Object.keys(query).length >= MAX_QUERY_KEYS) break;
    if (key === 'lang' || key in ctx.params || typeof value !== 'string' || value.length > MAX_QUERY_VALUE_LENGTH) continue;
    query[key] = value;
  }
  return query;
}

type SlotLookup = { kind: 'not-found' } | { kind: 'already-reserved' } | { kind: 'open'; slot: SlotRow };

async function lookUpSlot(db: Database, idParam: string | undefined, now: Date): Promise<SlotLookup> {
  const slotId = idParam === undefined ? null : slotIdOf(idParam);
  const slot = slotId === null ? null : await findSlot(db, slotId);
  if (!slot) return { kind: 'not-found' };
  if (slotIsClosed(slot, now) || (await slotIsHeld(db, slot.id))) return { kind: 'already-reserved' };
  return { kind: 'open', slot };
}

/** What both pages' ok states share. */
async function okBase(app: FastifyInstance, config: BookingConfig, ctx: LoaderContext, slot: SlotRow, healthcareType: HealthcareType, now: Date) {
  const cancellationHours = app.config.brandConfig.cancellationHours;
  return {
    status: 'ok' as const,
    appointment: await toReservationAppointment(ctx.db, slot, ctx.lang),
    priceInfo: priceInfoOf(slot, healthcareType, ctx.lang, ctx.features),
    bindingRequired: withinCancellationWindow(slot.startsAt, cancellationHours, now),
    cancellationHours,
    healthcareType,
    internalOrganization: internalOrganizationOf(app.config.brand, config),
    occupationalConfirmation: occupationalConfirmationOf(healthcareType, slot.specialtyId),
    query: pageQueryOf(ctx),
  };
}

/** A signed-in reservation page (booking.reservation…): its loaders are pages/reservation*.ts. */
export async function loadReservationPage(
  app: FastifyInstance,
  config: BookingConfig,
  ctx: LoaderContext,
  routeId: string,
  healthcareType: HealthcareType,
): Promise<LoaderResult<ReservationPageState>> {
  const now = new Date();
  const lookup = await lookUpSlot(ctx.db, ctx.params.id, now);
  if (lookup.kind === 'not-found') return notFoundState({ status: 'not-found' });
  if (lookup.kind === 'already-reserved') return ok({ status: 'already-reserved', healthcareType });
  const access = patientAccess(ctx.request);
  const facts = await auditedRead(ctx.db, access, routeId, async (personId) => {
    const [profile, person, contract, concepts] = await Promise.all([
      readProfile(ctx.db, personId),
      personById(ctx.db, personId),
      occupationalContractOf(ctx.db, personId),
      patientConceptsOf(ctx.db, personId),
    ]);
    return profile && person ? { profile, person, contract, concepts } : null;
  });
  // A session always names an existing person; a deleted one has nothing to book.
  if (!facts) return notFoundState({ status: 'not-found' });
  const contractProductIds = facts.contract?.contractProductIds ?? [];
  if (healthcareType === 'occupational') {
    const reason = occupationalRefusal(app.config.brand, facts.contract);
    if (reason) return ok({ status: 'occupational-unavailable', reason, contractProductIds });
  }
  return ok({
    ...(await okBase(app, config, ctx, lookup.slot, healthcareType, now)),
    patient: facts.profile.patient,
    actingForWard: access.actorPersonId !== access.subjectPersonId,
    registration: registrationOf(facts.person.registered, facts.profile.patient),
    isUserCreditWorthy: facts.person.creditWorthy,
    contractProductIds,
    patientConcepts: facts.concepts,
    paymentBlocked: !facts.person.creditWorthy && healthcareType !== 'occupational',
  });
}

/** The logged-in reservation page of a slot in a language (the anonymous page's strong-login nextPath). */
export function loggedInReservationPath(app: FastifyInstance, healthcareType: HealthcareType, lang: Lang, slotId: string): string {
  const routeId = (Object.keys(RESERVATION_ROUTE_TYPES) as (keyof typeof RESERVATION_ROUTE_TYPES)[]).find((id) => RESERVATION_ROUTE_TYPES[id] === healthcareType);
  const route = routeId ? findRoute(app.routeTable.current(), routeId) : undefined;
  return route ? buildPath(route, lang, { id: slotId }) : `/${lang}`;
}

/** An anonymous reservation page (booking.anonymous-reservation…): its loaders are pages/anonymous-reservation*.ts. */
export async function loadAnonymousReservationPage(
  app: FastifyInstance,
  config: BookingConfig,
  ctx: LoaderContext,
  healthcareType: HealthcareType,
): Promise<LoaderResult<AnonymousReservationPageState>> {
  const now = new Date();
  const lookup = await lookUpSlot(ctx.db, ctx.params.id, now);
  if (lookup.kind === 'not-found') return notFoundState({ status: 'not-found' });
  if (lookup.kind === 'already-reserved') return ok({ status: 'already-reserved', healthcareType });
  return ok({
    ...(await okBase(app, config, ctx, lookup.slot, healthcareType, now)),
    // spec §4 "Anonymous reservation", §6: insurance and occupational always need strong login, as does a slot that says so
    requiresStrongLogin: lookup.slot.requiresStrongAuth || healthcareType !== 'private',
    loggedInPath: loggedInReservationPath(app, healthcareType, ctx.lang, String(lookup.slot.id)),
  });
}
