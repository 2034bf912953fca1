import type { FastifyInstance } from 'fastify';
import { buildPath, findRoute, formatDateTime } from '@portal/shared-i18n';
import { normalizePhoneOnBlur, type Lang } from '@portal/shared-api';
import { serverMessage } from '../../../pages/messages';
import { slotIsRemote, type SlotRow } from './slot';

/**
 * The confirmation SMS after a reservation commits (issue 13): the date, time and clinic in
 * Europe/Helsinki and the page's language, and the appointment's link: the signed-in appointment
 * page by id, or the anonymous link by its token (docs/product-decisions.md, "Paths").
 */

/**
 * An appointment's start as every text of the portal writes it (issue 28): shared-i18n's
 * formatDateTime, the same function the pages use, so an SMS never reads otherwise than the page
 * its link opens (fi/sv '30.11.2026 8:00', en '30 November 2026 at 8:00', Helsinki time).
 */
export function smsDateTime(instant: Date, lang: Lang): string {
  return formatDateTime(instant, lang);
}

/** The absolute link to the appointment: /{lang}/{varaus|bokning|appointment}/{id or token} on the public origin. */
export function appointmentLink(app: FastifyInstance, lang: Lang, target: { appointmentId: number } | { linkToken: string }): string {
  const table = app.routeTable.current();
  const path =
    'linkToken' in target
      ? pathOr(findRoute(table, 'booking.anonymous-appointment'), lang, { token: target.linkToken }, target.linkToken)
      : pathOr(findRoute(table, 'booking.appointment'), lang, { ids: String(target.appointmentId) }, String(target.appointmentId));
  return `${app.config.publicUrl}${path}`;
}

const APPOINTMENT_SEGMENT: Record<Lang, string> = { fi: 'varaus', sv: 'bokning', en: 'appointment' };

function pathOr(route: ReturnType<typeof findRoute>, lang: Lang, params: Record<string, string>, value: string): string {
  // Without the booking remote in the route table, the spec's segments (docs/product-decisions.md, "Paths").
  return route ? buildPath(route, lang, params) : `/${lang}/${APPOINTMENT_SEGMENT[lang]}/${encodeURIComponent(value)}`;
}

export function confirmationText(slot: SlotRow, lang: Lang, link: string): string {
  return appointmentText('server.booking.reservation.smsText', slot, lang, link);
}

/**
 * The notice to the person whose identity code an anonymous reservation used (issue 27): anyone who
 * knows a code and the names can book in that person's name, so the person learns of it and gets
 * the link, where cancelling goes through strong login.
 */
export function ownerNoticeText(slot: SlotRow, lang: Lang, link: string): string {
  return appointmentText('server.booking.reservation.ownerNoticeText', slot, lang, link);
}

/** Whether two phone numbers, as typed or as stored (+358 or 0, with or without spaces), are the same number. */
export function samePhoneNumber(a: string, b: string): boolean {
  return normalizePhoneOnBlur(a) === normalizePhoneOnBlur(b);
}

function appointmentText(id: 'server.booking.reservation.smsText' | 'server.booking.reservation.ownerNoticeText', slot: SlotRow, lang: Lang, link: string): string {
  const clinic = slotIsRemote(slot) ? serverMessage(lang, 'server.booking.reservation.remoteClinic') : slot.clinicName;
  return serverMessage(lang, id)
    .replace('{dateTime}', smsDateTime(slot.startsAt, lang))
    .replace('{clinic}', clinic)
    .replace('{link}', link);
}

/**
 * Sends the confirmation; a failing gateway does not undo the committed reservation (the page shows
 * it, the appointments list has it), so the failure is logged without the number or the text.
 */
export async function sendConfirmation(app: FastifyInstance, phone: string, text: string, log: FastifyInstance['log'], kind: 'confirmation' | 'owner notice' = 'confirmation'): Promise<void> {
  try {
    await app.smsGateway.send({ phoneNumber: phone.replace(/\s+/g, ''), text });
  } catch (error) {
    // Only the error's name: a gateway's message may quote the number.
    log.error({ errorName: error instanceof Error ? error.name : typeof error }, `reservation ${kind} SMS failed`);
  }
}
