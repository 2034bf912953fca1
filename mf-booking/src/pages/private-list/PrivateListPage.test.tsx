import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { APPOINTMENT_SEARCH_PATH, AVAILABLE_DATES_PATH, PRACTITIONER_CLINICS_PATH, SPECIALTY_INFO_PATH } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { OccupationalListPage } from '../occupational-list/OccupationalListPage';
import { PrivateListPage, VaccinationPage } from './PrivateListPage';
import { listState, slot, slots } from './search-fixtures';

/** The router's address and a Back button, as the browser would offer them. */
function AddressProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  const type = useNavigationType();
  return (
    <>
      <output aria-label="address">{`${location.pathname}${location.search}`}</output>
      <output aria-label="last navigation">{type}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent ?? '';
const searchCalls = (shell: FakeShell) => shell.api.calls.filter((call) => call.method === 'GET' && call.path === APPOINTMENT_SEARCH_PATH);
const lastSearch = (shell: FakeShell): MockRequest | undefined => searchCalls(shell).at(-1);
const searchAnswer = (appointments = slots(3), hasMore = false, suggestions?: unknown) => ({
  availableAppointments: { type: 'success', appointments, hasMore },
  ...(suggestions ? { suggestions } : {}),
});

function renderPrivate(state = listState(), { path = '/en/booking/private-customer', user = true } = {}) {
  const shell = createFakeShell(user ? {} : { user: null });
  shell.takeInitialPageState.mockReturnValue(pageState('booking.private-list', state));
  shell.api.use({ [`GET ${AVAILABLE_DATES_PATH}`]: { dates: ['2026-11-25'] }, [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer() });
  return renderWithShell(
    <>
      <PrivateListPage />
      <AddressProbe />
    </>,
    shell,
    path,
  );
}

describe('appointment list (spec part 2 §2.1, §4 "Appointment search")', () => {
  test('renders the first results from the page state: breadcrumbs, time tabs and slot cards to the reservation page', async () => {
    const { shell } = renderPrivate(undefined, { path: '/en/booking/private-customer?clinicIds=KA' });
    expect(screen.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeInTheDocument();
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumbs).getByRole('link', { name: 'Appointment booking' })).toHaveAttribute('href', '/en/booking?clinicIds=KA');
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toBeInTheDocument();
    // the address asks for clinic KA, the embedded state was for no clinic: the page searches again
    const list = await screen.findByRole('list', { name: 'Free appointments' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    // signed in: the reservation page, with the list's query string kept for its back link
    const [first] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/en/available-appointments/1?clinicIds=KA');
    expect(lastSearch(shell)?.searchParams).toMatchObject({ clinicIds: 'KA' });
  });

  test('anonymous visitors go to the anonymous reservation page', () => {
    const { shell } = renderPrivate(undefined, { user: false });
    expect(within(screen.getByRole('list', { name: 'Free appointments' })).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/en/anonymous-users/available-appointments/1',
    );
    expect(searchCalls(shell)).toHaveLength(0);
  });

  test('time tabs are a real tablist: arrow keys choose a time of day, which resets the results and updates the address', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate();
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer([slot(40, { startDate: '2026-11-25T15:00:00.000Z' })]) });
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Morning' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Morning' })).toHaveFocus();
    expect(address()).toBe('/en/booking/private-customer?time=morning');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(lastSearch(shell)?.searchParams.timeOfDay).toBe('morning');
    expect(shell.analytics.push).toHaveBeenCalledWith('search', expect.objectContaining({ healthcareType: 'private', timeOfDay: 'morning' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Evening' })).toHaveAttribute('aria-selected', 'true');
    expect(address()).toBe('/en/booking/private-customer?time=evening');
  });

  test('§5 in the address: a remote specialty turns includeRemote on, pushes an entry, and Back restores the search', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate();
    await user.click(screen.getByText('Specialties', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: 'Psychology' }));
    expect(address()).toBe('/en/booking/private-customer?specialtyIds=PSY&includeRemote=true');
    expect(screen.getByRole('status', { name: 'last navigation' })).toHaveTextContent('PUSH');
    expect(screen.getByRole('checkbox', { name: 'Include remote appointments' })).toBeChecked();
    await waitFor(() => expect(lastSearch(shell)?.searchParams).toMatchObject({ specialtyIds: 'PSY', includeRemote: 'true' }));
    const before = searchCalls(shell).length;
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address()).toBe('/en/booking/private-customer');
    expect(screen.getByRole('checkbox', { name: 'Psychology' })).not.toBeChecked();
    await waitFor(() => expect(searchCalls(shell).length).toBe(before + 1));
    expect(lastSearch(shell)?.searchParams.specialtyIds).toBeUndefined();
  });

  test('§5: selecting a municipality selects all its clinics; choosing a practitioner clears specialties and takes their clinics', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate(undefined, { path: '/en/booking/private-customer?specialtyIds=YLE' });
    shell.api.use({ [`GET ${PRACTITIONER_CLINICS_PATH}`]: { clinicIds: ['TAP', 'RMT'] } });
    await user.click(screen.getByText('Clinics', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: 'All of Espoo' }));
    expect(screen.getByRole('checkbox', { name: 'Leppävaara' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tapiola' })).toBeChecked();
    expect(address()).toContain('clinicIds=LPV&clinicIds=TAP');
    await user.click(screen.getByText('Practitioners', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: /Olli Rantanen/ }));
    await waitFor(() => expect(address()).toBe('/en/booking/private-customer?clinicIds=TAP&clinicIds=RMT&practitionerIds=8&includeRemote=true'));
    expect(shell.api.calls.find((call) => call.path === PRACTITIONER_CLINICS_PATH)?.searchParams).toEqual({ id: '8', lang: 'en' });
    expect(screen.getByRole('checkbox', { name: 'Leppävaara' })).not.toBeChecked();
  });

  test('a superseded search is aborted (spec part 2 §7): only the latest answer is shown', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate();
    const signals: AbortSignal[] = [];
    const searches: Promise<unknown>[] = [];
    const get = shell.api.get.bind(shell.api);
    jest.spyOn(shell.api, 'get').mockImplementation((path, schema, options) => {
      const answer = get(path, schema, options);
      if (path === APPOINTMENT_SEARCH_PATH && options?.signal) {
        signals.push(options.signal);
        searches.push(answer);
      }
      return answer;
    });
    let answerFirst: (value: unknown) => void = () => undefined;
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: () => new Promise((resolve) => (answerFirst = resolve)) });
    await user.click(screen.getByRole('tab', { name: 'Morning' }));
    await waitFor(() => expect(signals).toHaveLength(1));
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer(slots(2, 50)) });
    await user.click(screen.getByRole('tab', { name: 'Evening' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    answerFirst(searchAnswer(slots(7)));
    // The page's handler of that answer runs before this await does (it was attached first); act
    // renders whatever it set. Nothing visible changes, so the answer's arrival is what is waited on.
    await act(async () => {
      await searches[0]?.catch(() => undefined);
    });
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  test('the calendar marks the available dates; choosing one sets the start date, days without slots cannot be chosen', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate();
    const calendar = screen.getByRole('region', { name: 'Available dates' });
    expect(within(calendar).getByRole('button', { name: /26 November 2026/ })).toBeEnabled();
    expect(within(calendar).getByRole('button', { name: /27 November 2026/ })).toBeDisabled();
    await user.click(within(calendar).getByRole('button', { name: /26 November 2026/ }));
    expect(address()).toBe('/en/booking/private-customer?startDate=2026-11-26');
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-11-26');
    await waitFor(() => expect(lastSearch(shell)?.searchParams.startDate).toBe('2026-11-26'));
  });

  test('one chosen specialty shows its reservation info; a specialty the page does not offer is dropped from the search', async () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('booking.private-list', listState()));
    shell.api.use({
      [`GET ${AVAILABLE_DATES_PATH}`]: { dates: [] },
      [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer(),
      [`GET ${SPECIALTY_INFO_PATH}`]: { specialty: { id: 'PSY', title: 'Psychology', isVaccination: false, reservationInfoHtml: '<p>Bring your referral.</p>' } },
    });
    renderWithShell(<PrivateListPage />, shell, '/en/booking/private-customer?specialtyIds=PSY&specialtyIds=TTL');
    expect(await screen.findByText('Bring your referral.')).toBeInTheDocument();
    expect(shell.api.calls.find((call) => call.path === SPECIALTY_INFO_PATH)?.searchParams).toEqual({ id: 'PSY', lang: 'en' });
    await waitFor(() => expect(searchCalls(shell)).toHaveLength(1));
    expect(searchCalls(shell)[0]?.searchParams.specialtyIds).toBe('PSY');
  });

  test('show more asks for the next 20 (offset grows by 20) while 20 came; focus moves to the first new appointment', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate(listState({ results: { type: 'success', appointments: slots(20), hasMore: true } }));
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer(slots(20, 21), true) });
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(40));
    expect(lastSearch(shell)?.searchParams.offset).toBe('20');
    expect(screen.getAllByRole('article')[20]).toContainElement(document.activeElement as HTMLElement);
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer(slots(5, 41), false) });
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(45));
    expect(lastSearch(shell)?.searchParams.offset).toBe('40');
    expect(screen.queryByRole('button', { name: 'Show more appointments' })).not.toBeInTheDocument();
    expect(screen.getByText('45 appointments shown')).toBeInTheDocument();
  });

  test('no results: the text and the suggestions; a day suggestion applies its date, a clinic suggestion its clinic', async () => {
    const user = userEvent.setup();
    const suggestions = {
      days: [{ date: '2026-12-03', firstStartDate: '2026-12-03T07:30:00.000Z', count: 4 }],
      clinics: [{ clinic: { id: 'TKR', name: 'Tikkurila', municipality: 'Vantaa', isRemote: false }, count: 2, firstStartDate: '2026-12-01T08:00:00.000Z' }],
    };
    const { shell } = renderPrivate(listState({ results: { type: 'success', appointments: [], hasMore: false }, suggestions }));
    expect(screen.getByText('No appointments match your search criteria.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /3 December 2026.*4 appointments, first at 9:30/ }));
    expect(address()).toBe('/en/booking/private-customer?startDate=2026-12-03');
    await waitFor(() => expect(lastSearch(shell)?.searchParams.startDate).toBe('2026-12-03'));

    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer([], false, suggestions) });
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await user.click(await screen.findByRole('button', { name: /Tikkurila.*Vantaa: 2 appointments/ }));
    expect(address()).toBe('/en/booking/private-customer?clinicIds=TKR');
  });

  test('§8 failure: the title, the text and Retry, which searches again', async () => {
    const user = userEvent.setup();
    const { shell } = renderPrivate(undefined, { path: '/en/booking/private-customer?time=evening' });
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: mockFailure({ kind: 'network' }) });
    // the embedded state was for 'all': the page searches evening and fails
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Sorry – Could not search for appointments' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Please try again later or contact our customer support.');
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer(slots(2)) });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('loading: the results say they are busy', async () => {
    const { shell } = renderPrivate(undefined, { path: '/en/booking/private-customer?time=morning' });
    shell.api.use({ [`GET ${APPOINTMENT_SEARCH_PATH}`]: () => new Promise(() => {}) });
    expect(await screen.findByText('Searching for appointments…')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel').firstElementChild).toHaveAttribute('aria-busy', 'true');
  });

  test('a private slot shows its price from, and the breakdown when the server sent it', () => {
    const priced = slot(9, {
      isVideo: true,
      isRemote: true,
      practitioner: { id: '3', name: 'Kaisa Salo', title: 'Psychologist', isResource: false, profilePictureUrl: 'https://example.invalid/k.jpg' },
      price: {
        fromEuros: '79.90',
        lines: [
          { code: 'PSY45', description: 'Psychologist visit', priceEuros: '67.00' },
          { code: 'TOIM', description: 'Office fee', priceEuros: '12.90' },
        ],
      },
    });
    renderPrivate(listState({ results: { type: 'success', appointments: [priced, slot(10)], hasMore: false } }));
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('from €79.90');
    expect(within(first).getByRole('list', { name: 'Price details' })).toHaveTextContent('Office fee €12.90');
    expect(within(first).getByText('Video appointment')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', 'https://example.invalid/k.jpg');
    expect(within(first).getByRole('link')).toHaveTextContent('Wednesday 25 November 2026 at 10:09');
    expect(second).not.toHaveTextContent('from');
    // no picture: the initials
    expect(within(second).getByText('AL')).toBeInTheDocument();
    expect(second).toHaveTextContent('30 min');
  });
});

describe('vaccination list', () => {
  test('searches only the vaccination specialties while none is chosen', async () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('booking.vaccination', listState({ restrictedToSpecialtyIds: ['INFL', 'ROKT'] })));
    shell.api.use({ [`GET ${AVAILABLE_DATES_PATH}`]: { dates: [] }, [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer() });
    renderWithShell(<VaccinationPage />, shell, '/en/booking/vaccination?time=morning');
    await waitFor(() => expect(searchCalls(shell)).toHaveLength(1));
    // repeated parameters: the mock keeps the last one
    expect(['INFL', 'ROKT']).toContain(searchCalls(shell)[0]?.searchParams.specialtyIds);
    await userEvent.click(screen.getByText('Specialties', { selector: 'summary' }));
    expect(screen.getByRole('checkbox', { name: 'Influenza vaccination' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Psychology' })).not.toBeInTheDocument();
  });
});

describe('occupational list statuses (spec part 2 §2.1, §8)', () => {
  function renderOccupational(state: unknown, path = '/en/booking/occupational-healthcare') {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('booking.occupational-list', state));
    shell.api.use({ [`GET ${AVAILABLE_DATES_PATH}`]: { dates: [] }, [`GET ${APPOINTMENT_SEARCH_PATH}`]: searchAnswer() });
    return renderWithShell(
      <>
        <OccupationalListPage />
        <AddressProbe />
      </>,
      shell,
      path,
    );
  }

  test('unknown-error: a retry view that loads the page again', async () => {
    const user = userEvent.setup();
    const { shell } = renderOccupational({ status: 'unknown-error' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Sorry – Could not search for appointments' })).toBeInTheDocument();
    shell.loadPage.mockResolvedValueOnce(pageState('booking.occupational-list', { status: 'no-occupational-healthcare' }));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(shell.loadPage).toHaveBeenCalledWith('booking.occupational-list', {}, expect.any(AbortSignal));
    expect(await screen.findByText(/We couldn't find your occupational health agreement/)).toBeInTheDocument();
  });

  test('no-occupational-healthcare: the text with a link and a button to book as a private customer (query kept)', () => {
    renderOccupational({ status: 'no-occupational-healthcare' }, '/en/booking/occupational-healthcare?specialtyIds=YLE');
    expect(screen.getByText("We couldn't find your occupational health agreement. Contact the HR representative of your organisation.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'You can also book an appointment as a private customer.' })).toHaveAttribute(
      'href',
      '/en/booking/private-customer?specialtyIds=YLE',
    );
    expect(screen.getByRole('link', { name: 'Book as a private customer' })).toHaveAttribute('href', '/en/booking/private-customer?specialtyIds=YLE');
  });

  test('no-web-reservation: the phone-booking message with the service phone, or the special content block', () => {
    const { unmount } = renderOccupational({ status: 'no-web-reservation', phoneBookingContent: 'default', customerServicePhone: '010 123 4567' });
    expect(screen.getByText(/Online booking is not yet included in your occupational health agreement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 123 4567' })).toHaveAttribute('href', 'tel:0101234567');
    unmount();
    renderOccupational({ status: 'no-web-reservation', phoneBookingContent: 'special', customerServicePhone: '010 123 4567' });
    expect(screen.getByText('Your occupational health care appointments are booked by phone')).toBeInTheDocument();
    expect(screen.queryByText(/Online booking is not yet included/)).not.toBeInTheDocument();
  });

  test('ok: the search UI, whose filter changes replace the address', async () => {
    const user = userEvent.setup();
    const { shell } = renderOccupational({ status: 'ok', search: listState({ healthcareType: 'occupational' }) });
    expect(within(screen.getByRole('list', { name: 'Free appointments' })).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/en/occupational-healthcare/available-appointments/1',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Include remote appointments' }));
    expect(address()).toBe('/en/booking/occupational-healthcare?includeRemote=true');
    expect(screen.getByRole('status', { name: 'last navigation' })).toHaveTextContent('REPLACE');
    await waitFor(() => expect(lastSearch(shell)?.searchParams).toMatchObject({ isOccupationalHealthcare: 'true', includeRemote: 'true' }));
  });
});
