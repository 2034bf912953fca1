import { screen, within } from '@testing-library/react';
import type { CustomerMessagingInfo } from '@portal/shared-api';
import { createFakeShell, renderWithShell } from '../../test/shell-fake';
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
});
