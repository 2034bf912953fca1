import { createEvent } from 'ics';
import type { AppointmentDetail, Lang } from '@portal/shared-api';
import { serverMessage } from '../../../pages/messages';

/**
 * "Add to calendar" (beyond the spec, issue 13): one appointment as an iCalendar file. The times are
 * written as UTC instants (DTSTART:…Z), which every calendar shows in its own zone, so a
 * Europe/Helsinki appointment lands at the same wall-clock time across daylight-saving changes.
 * The location is the clinic's address; a remote or video visit has none and says so in the
 * description instead.
 */

/** The file name the download suggests: ajanvaraus-2026-11-25.ics */
export function calendarFileName(detail: Pick<AppointmentDetail, 'startDate'>, lang: Lang): string {
  return `${serverMessage(lang, 'server.booking.calendar.fileName')}-${detail.startDate.slice(0, 10)}.ics`;
}

export function buildCalendarFile(detail: AppointmentDetail, lang: Lang, uidDomain: string): string {
  const address = detail.clinic.address;
  const location = !detail.isRemote && address ? `${detail.clinic.name}, ${address.street}, ${address.postalCode} ${address.postOffice}` : undefined;
  const description = detail.isRemote
    ? serverMessage(lang, detail.isVideo ? 'server.booking.calendar.videoNote' : 'server.booking.calendar.remoteNote')
    : `${detail.specialty.title}, ${detail.clinic.name}`;
  const { error, value } = createEvent({
    productId: 'portal/booking',
    uid: `appointment-${detail.id}@${uidDomain}`,
    title: `${detail.kind}: ${detail.practitioner.name}`,
    start: new Date(detail.startDate).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: detail.durationMinutes },
    description,
    ...(location ? { location } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be built');
  return value;
}
