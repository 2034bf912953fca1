import { and, eq } from 'drizzle-orm';
import { type EarlierTimePageState, type EarlierTimeResponse, type Lang } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import { fromSlots, joinSlotCatalogue, slotCatalogueColumns, slotTimeById } from '../../clinics/index';
import { findAppointmentRows } from '../appointments/detail';
import { toMovable } from '../change-time/slots';
import { slotIsFree, swapAppointment } from '../change-time/swap';
import { waitlistEntries, waitlistOffers } from '../schema';
import { freeSlotColumns, freeSlotOf, practitionerNameSql } from '../slot-rows';

/** The offer of `token` made to `personId` (null: no such offer for this patient: 404). */
async function offerOf(db: Database, token: string, personId: string, lock = false) {
  const query = db
    .select({ id: waitlistOffers.id, slotId: waitlistOffers.slotId, expiresAt: waitlistOffers.expiresAt, takenAt: waitlistOffers.takenAt, appointmentId: waitlistEntries.appointmentId })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(and(eq(waitlistOffers.token, token), eq(waitlistEntries.personId, personId)));
  const [row] = lock ? await query.for('update', { of: waitlistOffers }) : await query;
  return row ?? null;
}

/** booking.earlier-time: the offered time against the current appointment. */
export async function loadEarlierTimePage(db: Database, token: string, personId: string, lang: Lang, now: Date, cancellationHours: number): Promise<EarlierTimePageState> {
  const offer = await offerOf(db, token, personId);
  if (!offer) return { status: 'offer-not-found' };
  if (offer.takenAt) return { status: 'offer-taken' };
  if (offer.expiresAt.getTime() <= now.getTime()) return { status: 'offer-expired' };
  const [current] = await findAppointmentRows(db, { appointmentIds: [offer.appointmentId], personId });
  if (!current || current.status !== 'reserved') return { status: 'offer-not-found' };
  const select = db.select({ ...freeSlotColumns, practitionerName: practitionerNameSql });
  const [slot] = await joinSlotCatalogue(fromSlots(select), ['clinic', 'practitioner']).where(and(eq(slotCatalogueColumns.slot.id, offer.slotId), slotIsFree));
  // taken by someone, or no longer earlier (the patient has since moved to an earlier time)
  if (!slot || slot.startsAt.getTime() >= current.startsAt.getTime()) return { status: 'offer-taken' };
  return {
    status: 'ok',
    offer: { ...freeSlotOf(slot), practitionerName: slot.practitionerName },
    current: toMovable(current, lang, now, cancellationHours),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

/**
 * Takes an offer: the swap of change time (the unique index decides who was first), and the offer
 * marked taken, in one transaction. `freedSlotId`: the slot the patient let go of, to be offered on.
 */
export async function takeEarlierTime(
  db: Database,
  token: string,
  personId: string,
  now: Date,
  cancellationHours: number,
): Promise<{ response: EarlierTimeResponse; freedSlotId: number | null } | null> {
  return withTransaction(db, async (tx) => {
    const offer = await offerOf(tx, token, personId, true);
    if (!offer) return null;
    if (offer.takenAt) return { response: { type: 'appointmentNotAvailable' }, freedSlotId: null };
    if (offer.expiresAt.getTime() <= now.getTime()) return { response: { type: 'offerExpired' }, freedSlotId: null };
    const [current] = await findAppointmentRows(tx, { appointmentIds: [offer.appointmentId], personId });
    const slot = await slotTimeById(tx, offer.slotId);
    // an offer is for an earlier time: one made before the patient moved earlier still is not taken
    if (current && slot && slot.startsAt.getTime() >= current.startsAt.getTime()) return { response: { type: 'appointmentNotAvailable' }, freedSlotId: null };
    const swapped = await swapAppointment(tx, { appointmentId: offer.appointmentId, personId, newSlotId: offer.slotId, cancellationHours, now });
    if (!swapped) return { response: { type: 'deadlineExceeded' }, freedSlotId: null };
    if (swapped.type !== 'success') return { response: swapped, freedSlotId: null };
    await tx.update(waitlistOffers).set({ takenAt: now }).where(eq(waitlistOffers.id, offer.id));
    return { response: swapped, freedSlotId: current?.slotId ?? null };
  });
}
