import { useIntl } from 'react-intl';
import type { Lang } from '@portal/shared-api';
import { LinkButton, useShell, type ShellContextValue } from '@portal/shared-ui';

/** The booking remote's landing page, when it is deployed (its route id in the composed table). */
const BOOKING_ROUTE_ID = 'booking.landing';
/** Spec part 2 §2.1's booking path segments, for the environments where the booking remote is not composed yet. */
const BOOKING_SEGMENT: Record<Lang, string> = { en: 'booking', fi: 'ajanvaraus', sv: 'tidsbokning' };

/** Where "book an appointment online" goes: the booking landing by route id, else the spec's path. */
export function bookingHref(shell: Pick<ShellContextValue, 'hasRoute' | 'href' | 'lang'>): string {
  return shell.hasRoute(BOOKING_ROUTE_ID) ? shell.href(BOOKING_ROUTE_ID) : `/${shell.lang}/${BOOKING_SEGMENT[shell.lang]}`;
}

/** A button-like link to book an appointment online (a full page load: the booking remote may be elsewhere). */
export function BookingLink() {
  const intl = useIntl();
  const shell = useShell();
  return <LinkButton href={bookingHref(shell)}>{intl.formatMessage({ id: 'account.registration.book' })}</LinkButton>;
}
