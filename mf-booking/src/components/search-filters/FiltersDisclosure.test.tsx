import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { APPOINTMENT_SEARCH_PATH, AVAILABLE_DATES_PATH, type SearchFilter } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { PrivateListPage } from '../../pages/private-list/PrivateListPage';
import { listState, slots, TODAY } from '../../pages/private-list/search-fixtures';
import { chosenFilterCount, NARROW_SEARCH_MEDIA } from './FiltersDisclosure';

// whole list pages render here, several user steps each: slower than a unit test on a busy machine
jest.setTimeout(20_000);

/** A browser `width` px wide: every query of the page answers as a screen of that width would for the 800 px breakpoint. */
function screenWidth(width: number) {
  const narrow = width < 800;
  window.matchMedia = jest.fn((query: string) => ({
    matches: query === NARROW_SEARCH_MEDIA || query.startsWith('(max-width') ? narrow : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function AddressProbe() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

function renderList(search = '') {
  const shell = createFakeShell();
  shell.takeInitialPageState.mockReturnValue(pageState('booking.private-list', listState()));
  shell.api.use({
    [`GET ${AVAILABLE_DATES_PATH}`]: { dates: ['2026-11-25'] },
    [`GET ${APPOINTMENT_SEARCH_PATH}`]: { availableAppointments: { type: 'success', appointments: slots(3), hasMore: false } },
  });
  return renderWithShell(
    <>
      <PrivateListPage />
      <AddressProbe />
    </>,
    shell,
    `/en/booking/private-customer${search}`,
  );
}

const toggle = () => screen.getByRole('button', { name: /^Search filters/ });
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '')!;

describe('the search filters on a phone (spec part 2 §2.1 list page, §5 filter behaviour)', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  test('are folded behind a button that says how many filters the address has chosen; the results show', async () => {
    screenWidth(360);
    renderList(`?clinicIds=KA&clinicIds=ITK&specialtyIds=YLE&startDate=2026-11-27`);
    const button = toggle();
    // two clinics, one specialty and a start date after today
    expect(button).toHaveAccessibleName('Search filters (4 selected)');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = panelOf(button);
    expect(panel).not.toBeVisible();
    expect(within(panel).getByRole('region', { name: 'Search filters', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Search filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Available dates' })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Free appointments' })).getAllByRole('article')).toHaveLength(3);
  });

  test('without a chosen filter the button is just "Search filters"', () => {
    screenWidth(360);
    renderList();
    expect(toggle()).toHaveAccessibleName('Search filters');
  });

  test('opens and closes from the keyboard (Enter, Space, Escape), keeping the focus on the button', async () => {
    screenWidth(360);
    const user = userEvent.setup();
    renderList();
    const button = toggle();
    await user.tab();
    // the breadcrumbs' link comes first
    while (document.activeElement !== button) await user.tab();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveFocus();
    expect(panelOf(button)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Search filters' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Available dates' })).toBeVisible();

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf(button)).not.toBeVisible();

    // Escape from inside the panel folds it and brings the focus back to the button
    await user.keyboard(' ');
    await user.tab();
    expect(panelOf(button)).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(panelOf(button)).not.toBeVisible();
  });

  test('a filter chosen in the open panel keeps the §5 rules, goes to the address and to the count', async () => {
    screenWidth(360);
    const user = userEvent.setup();
    renderList();
    await user.click(toggle());
    const filters = screen.getByRole('region', { name: 'Search filters' });
    await user.click(within(filters).getByText('Specialties', { selector: 'summary' }));
    // §5: psychology turns on remote appointments
    await user.click(within(filters).getByRole('checkbox', { name: 'Psychology' }));
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/specialtyIds=PSY/);
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/includeRemote=true/);
    expect(within(filters).getByRole('checkbox', { name: 'Include remote appointments' })).toBeChecked();
    expect(toggle()).toHaveAccessibleName('Search filters (2 selected)');
    // the panel stays open while the visitor chooses
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  });

  test('"Show free appointments" folds the panel and moves the focus to the results', async () => {
    screenWidth(360);
    const user = userEvent.setup();
    renderList();
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: 'Show free appointments' }));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { level: 2, name: 'Free appointments' })).toHaveFocus();
  });

  test('on a wide screen the filters and the calendar stay beside the results, with no button', () => {
    screenWidth(1280);
    renderList('?clinicIds=KA');
    expect(screen.queryByRole('button', { name: /^Search filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Search filters' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Available dates' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show free appointments' })).not.toBeInTheDocument();
  });
});

describe('chosenFilterCount', () => {
  const none: SearchFilter = { clinicIds: [], specialtyIds: [], practitionerIds: [], includeRemote: false, startDate: TODAY, timeOfDay: 'all' };
  test('counts each clinic, specialty and practitioner, remote appointments and a later start date', () => {
    expect(chosenFilterCount(none, TODAY)).toBe(0);
    expect(chosenFilterCount({ ...none, clinicIds: ['KA', 'ITK'], practitionerIds: ['7'], includeRemote: true }, TODAY)).toBe(4);
    expect(chosenFilterCount({ ...none, startDate: '2026-11-25' }, TODAY)).toBe(1);
  });
  test('the time of day is not a filter of the panel: its tabs show beside the results', () => {
    expect(chosenFilterCount({ ...none, timeOfDay: 'morning' }, TODAY)).toBe(0);
  });
});
