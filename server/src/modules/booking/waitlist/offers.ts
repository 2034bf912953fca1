import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { WAITLIST_OFFER_HOURS, type Lang } from '@portal/shared-api';
import { buildPath, findRoute } from '@portal/shared-i18n';
import { profileLanguages } from '../../account/index';
import { fromSlots, joinSlot, joinSlotCatalogue, slotCatalogueColumns } from '../../clinics/index';
import { peopleByIds } from '../../patients/index';
import { serverMessage } from '../../../pages/messages';
import { appointments, waitlistEntries, waitlistOffers } from '../schema';
import { slotIsFree } from '../change-time/swap';
import { smsDateTime } from '../reservation/confirmation';
import { practitionerNameSql } from '../slot-rows';

/** The offer link's token: 32 url-safe characters (the route takes 16 to 64). */
export const newOfferToken = (): string => randomBytes(24).toString('base64url');

/**
 * Offers a freed slot to the patients waiting for an earlier time (docs/product-decisions.md, "Values"): every
 * waitlist entry whose reserved appointment starts later than the slot and matches it (the same
 * practitioner; or, for scope specialty-municipality, the same specialty in the freed clinic's
 * municipality) gets one offer (a token, valid WAITLIST_OFFER_HOURS) and an SMS with the link
 * to the offer page in the patient's language. The first to take it gets it (earlier-time.ts).
 *
 * Called after a cancellation (or a change of time) has committed. It never throws: a failure here
 * must not turn the patient's successful cancellation into an error; it is logged instead.
 */
export async function offerFreedSlot(app: FastifyInstance, slotId: number): Promise<void> {
  try {
    await offer(app, slotId, new Date());
  } catch (error) {
    app.log.error({ err: error instanceof Error ? { type: error.name, message: error.message.split(/\bparams:/)[0] } : String(error), slotId }, 'offering a freed slot to the waitlist failed');
  }
}

async function offer(app: FastifyInstance, slotId: number, now: Date): Promise<void> {
  const db = app.db;
  const catalogue = slotCatalogueColumns;
  const freedSlot = db.select({
    id: catalogue.slot.id,
    startsAt: catalogue.slot.startsAt,
    practitionerId: catalogue.slot.practitionerId,
    specialtyId: catalogue.slot.specialtyId,
    municipality: catalogue.clinic.municipality,
    practitionerName: practitionerNameSql,
  });
  const [slot] = await joinSlotCatalogue(fromSlots(freedSlot), ['clinic', 'practitioner']).where(
    and(eq(catalogue.slot.id, slotId), gt(catalogue.slot.startsAt, now), slotIsFree),
  );
  if (!slot) return;

  const entries = db
    .select({
      entryId: waitlistEntries.id,
      personId: waitlistEntries.personId,
      appointmentPhone: appointments.phone,
    })
    .from(waitlistEntries)
    .innerJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
    .$dynamic();
  const waiting = await joinSlot(entries, appointments.slotId, ['clinic']).where(
    and(
      eq(appointments.status, 'reserved'),
      gt(catalogue.slot.startsAt, slot.startsAt),
      or(
        eq(catalogue.slot.practitionerId, slot.practitionerId),
        and(
          eq(waitlistEntries.scope, 'specialty-municipality'),
          eq(catalogue.slot.specialtyId, slot.specialtyId),
          sql`lower(${catalogue.clinic.municipality}) = lower(${slot.municipality})`,
        ),
      ),
    ),
  );
  if (waiting.length === 0) return;

  // The patients' phone numbers through the patients module (issue 32): one batched lookup by id
  // after the entries, where the statement joined people (waitlist_entries.person_id references
  // people, so the inner join never left an entry out); the appointment's own phone number first.
  const people = await peopleByIds(db, waiting.map((entry) => entry.personId));
  const phoneOf = (entry: (typeof waiting)[number]) => entry.appointmentPhone ?? people.get(entry.personId)?.phoneNumber ?? null;
  // My information is the account module's: the languages come from its service, not its table
  const languages = await profileLanguages(db, [...new Set(waiting.map((entry) => entry.personId))]);
  const expiresAt = new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3_600_000);
  for (const entry of waiting) {
    const token = newOfferToken();
    // one offer per entry and slot: a slot freed twice is not offered twice
    const created = await db.insert(waitlistOffers).values({ entryId: entry.entryId, slotId: slot.id, token, expiresAt }).onConflictDoNothing().returning({ id: waitlistOffers.id });
    const phone = phoneOf(entry);
    if (created.length === 0 || !phone) continue;
    // in the patient's own language (My information), Finnish when they never chose one
    const lang: Lang = languages.get(entry.personId) ?? 'fi';
    const text = serverMessage(lang, 'server.booking.waitlist.smsText')
      .replace('{dateTime}', smsDateTime(slot.startsAt, lang))
      .replace('{practitioner}', slot.practitionerName)
      .replace('{link}', offerLink(app, lang, token))
      .replace('{hours}', String(WAITLIST_OFFER_HOURS));
    await app.smsGateway.send({ phoneNumber: phone.replace(/\s+/g, ''), text });
  }
}

const OFFER_SEGMENT: Record<Lang, string> = { fi: 'aiempi-aika', sv: 'tidigare-tid', en: 'earlier-time' };

/** The absolute link to the offer page (booking.earlier-time) in `lang`; the spec's segments when the booking remote is not deployed. */
function offerLink(app: FastifyInstance, lang: Lang, token: string): string {
  const route = findRoute(app.routeTable.current(), 'booking.earlier-time');
  const path = route ? buildPath(route, lang, { token }) : `/${lang}/${OFFER_SEGMENT[lang]}/${token}`;
  return `${app.config.publicUrl}${path}`;
}
