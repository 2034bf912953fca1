import { screen, within } from '@testing-library/react';
import type { ComposedRoute, CustomerMessagingInfo, Lang } from '@portal/shared-api';
import { hasRouteId, hrefById, type RouteId } from '@portal/shared-i18n';
import { routeTableFor } from '@portal/shared-ui/test-utils';
import { createFakeShell, renderWithShell, routeTable } from '../../test/shell-fake';
import { Announcement } from './Announcement';
import { MaintenanceNotice } from './MaintenanceNotice';

const info = (overrides: Partial<CustomerMessagingInfo> = {}): CustomerMessagingInfo => ({
  active: true,
  heading: 'Holiday season',
  description: 'Replies may take longer.',
  announcementType: 'info',
  ...overrides,
});

describe('Announcement', () => {
  test('renders nothing when not active', () => {
    const { container } = renderWithShell(<Announcement info={info({ active: false })} />);
    // the page frame's element, around what the component rendered
    expect(container.firstElementChild).toBeEmptyDOMElement();
  });

  test.each([
    ['info', 'status', 'Information'],
    ['notification', 'status', 'Notice'],
    ['success', 'status', 'Good news'],
    ['warning', 'alert', 'Warning'],
  ] as const)('%s: role %s, the type in words before the heading', (announcementType, role, word) => {
    renderWithShell(<Announcement info={info({ announcementType })} />);
    const box = screen.getByRole(role);
    expect(within(box).getByRole('heading', { level: 2, name: `${word}: Holiday season` })).toBeInTheDocument();
    expect(box).toHaveTextContent('Replies may take longer.');
  });

  test('heading level can follow the page outline', () => {
    renderWithShell(<Announcement info={info()} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3 })).toBeInTheDocument();
  });
});

/** The composed table with the booking remote's search page, as a portal with mf-booking has it. */
function shellWithBooking(lang: Lang) {
  const bookingSearch = { id: 'booking.private-list', paths: { fi: 'ajanvaraus/yksityisasiakas', sv: 'tidsbokning/privat-kund', en: 'booking/private-customer' }, kind: 'anonymous' as const };
  const table: ComposedRoute[] = [...routeTable, ...routeTableFor('mf-booking', [bookingSearch]).slice(1)];
  return createFakeShell({
    lang,
    routes: table,
    href: (routeId, params, hrefLang) => hrefById(table, routeId, hrefLang ?? lang, params),
    hasRoute: (routeId): routeId is RouteId => hasRouteId(table, routeId),
  });
}

describe('MaintenanceNotice', () => {
  test.each([
    ['en', 'Messaging is currently offline', 'end of the day'],
    ['fi', 'Viestipalvelu ei ole tällä hetkellä käytössä', 'päivän loppuun mennessä'],
    ['sv', 'Meddelandetjänsten är inte i bruk för tillfället', 'före dagens slut'],
  ] as const)('%s: offline, back by the end of the day', (lang, title, estimate) => {
    renderWithShell(<MaintenanceNotice />, { shell: createFakeShell({ lang }) });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(estimate);
  });

  test.each([
    ['en', 'Book a remote appointment', '/en/booking/private-customer?includeRemote=true'],
    ['fi', 'Varaa etävastaanottoaika', '/fi/ajanvaraus/yksityisasiakas?includeRemote=true'],
    ['sv', 'Boka en distansmottagning', '/sv/tidsbokning/privat-kund?includeRemote=true'],
  ] as const)('%s: the suggested remote appointment is a link to the search with remote appointments (issue 28)', (lang, name, href) => {
    renderWithShell(<MaintenanceNotice />, { shell: shellWithBooking(lang) });
    expect(within(screen.getByRole('alert')).getByRole('link', { name })).toHaveAttribute('href', href);
  });

  test('without the booking remote deployed, the notice stands without a link', () => {
    renderWithShell(<MaintenanceNotice />, { shell: createFakeShell({ lang: 'en' }) });
    expect(screen.getByRole('alert')).toHaveTextContent('end of the day');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
