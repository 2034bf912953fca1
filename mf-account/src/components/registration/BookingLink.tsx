import { useIntl } from 'react-intl';
import type { RouteId } from '@portal/shared-i18n';
import { LinkButton, useShell, type ShellContextValue } from '@portal/shared-ui';

/** The booking remote's landing page, when it is deployed (its route id in the composed table). */
const BOOKING_ROUTE_ID: RouteId = 'booking.landing';
/**
 * Where "book an appointment online" goes: the booking landing, or null where the booking remote
 * is not composed (then the page offers only the phone, never a link that answers "not found").
 */
export function bookingHref(shell: Pick<ShellContextValue, 'hasRoute' | 'href'>): string | null {
  return shell.hasRoute(BOOKING_ROUTE_ID) ? shell.href(BOOKING_ROUTE_ID) : null;
}

/** A button-like link to book an appointment online (a full page load: the booking remote may be elsewhere). */
export function BookingLink() {
  const intl = useIntl();
  const href = bookingHref(useShell());
  if (!href) return null;
  return <LinkButton href={href}>{intl.formatMessage({ id: 'account.registration.book' })}</LinkButton>;
}
