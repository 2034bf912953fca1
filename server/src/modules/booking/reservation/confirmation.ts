import type { FastifyInstance } from 'fastify';
import { buildPath, findRoute } from '@portal/shared-i18n';
import { normalizePhoneOnBlur, type Lang } from '@portal/shared-api';
import { serverMessage } from '../../../pages/messages';
import { TIME_ZONE } from '../../../util/time';
import { slotIsRemote, type SlotRow } from './slot';

/**
 * The confirmation SMS after a reservation commits (issue 13): the date, time and clinic in
 * Europe/Helsinki and the page's language, and the appointment's link: the signed-in appointment
 * page by id, or the anonymous link by its token (SPEC-DECISIONS "Paths").
 */


/** d.M.yyyy and HH.mm (fi, sv) or HH:mm (en), in Helsinki time. */
export function helsinkiDateAndTime(instant: Date, lang: Lang): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const separator = lang === 'en' ? ':' : '.';
  return { date: `${part('day')}.${part('month')}.${part('year')}`, time: `${part('hour')}${separator}${part('minute')}` };
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
  // Without the booking remote in the route table, the spec's segments (SPEC-DECISIONS "Paths").
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
  const { date, time } = helsinkiDateAndTime(slot.startsAt, lang);
  const clinic = slotIsRemote(slot) ? serverMessage(lang, 'server.booking.reservation.remoteClinic') : slot.clinicName;
  return serverMessage(lang, id)
    .replace('{date}', date)
    .replace('{time}', time)
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
