import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import type { AnonymousReservationPageState, ApiFailure } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { anonymousOkState, reservationDetails, routesWithAccount } from '../reservation/test-fixtures';
import { AnonymousReservationInsurancePage, AnonymousReservationPage } from './AnonymousReservationPage';
import { EMPTY_ANONYMOUS_VALUES, forgetTypedAnonymousValues, TYPED_VALUES_KEPT_MS, typedAnonymousValues } from './anonymous-form';

// each test starts as a fresh tab: nothing typed for another slot
beforeEach(() => {
  forgetTypedAnonymousValues();
});

const RESERVE = 'POST /api/anon/reserve-appointment';

function AddressProbe() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search} ${useNavigationType()}`}</output>;
}
const PATH = '/en/anonymous-users/available-appointments/501';

function setUp(state: AnonymousReservationPageState, { insurance = false, brand = 'adult' as 'adult' | 'children' } = {}) {
  const shell = createFakeShell({ routes: routesWithAccount, user: null, brand });
  const routeId = insurance ? 'booking.anonymous-reservation-insurance' : 'booking.anonymous-reservation';
  shell.loadPage.mockResolvedValueOnce(pageState(routeId, state, { id: '501' }));
  const path = insurance ? '/en/anonymous-users/available-appointments/insurance/501' : PATH;
  renderWithShell(
    <Routes>
      <Route path="/en/anonymous-users/available-appointments/:id" element={<AnonymousReservationPage />} />
      <Route path="/en/anonymous-users/available-appointments/insurance/:id" element={<AnonymousReservationInsurancePage />} />
    </Routes>,
    shell,
    path,
  );
  return shell;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: /^Reserve appointment/ });

async function fillValidForm() {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Personal identity code' }), '131052-308t');
  await userEvent.type(field('First name'), ' Maija ');
  await userEvent.type(field('Last name'), 'Meikäläinen');
  await userEvent.type(field('Phone number'), '+358401234567');
  await userEvent.type(field('Email'), 'maija@example.fi');
  await userEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
}

describe('anonymous reservation page (spec part 2 §4 "Anonymous reservation", §5, §6)', () => {
  test('a slot that requires strong login: why, and a Log in button to strong login coming back to the logged-in reservation; no form', async () => {
    const shell = setUp({ ...anonymousOkState, requiresStrongLogin: true });
    expect(shell.loadPage).toHaveBeenCalledWith('booking.anonymous-reservation', { id: '501' }, expect.any(AbortSignal));
    expect(await screen.findByText('Log in to book this appointment')).toBeInTheDocument();
    expect(screen.getByText(/This appointment can only be booked after strong authentication/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Favailable-appointments%2F501');
    expect(screen.queryByRole('textbox', { name: 'Personal identity code' })).not.toBeInTheDocument();
  });

  test('a signed-in visitor goes on to the signed-in reservation page of the same slot, the address replaced', async () => {
    const shell = createFakeShell({ routes: routesWithAccount });
    shell.loadPage.mockResolvedValueOnce(pageState('booking.anonymous-reservation', anonymousOkState, { id: '501' }));
    renderWithShell(
      <>
        <Routes>
          <Route path="/en/anonymous-users/available-appointments/:id" element={<AnonymousReservationPage />} />
        </Routes>
        <AddressProbe />
      </>,
      shell,
      PATH,
    );
    // in the app the router's paths are under the basename /{lang}; the test router has none
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/available-appointments/501 REPLACE'));
    expect(screen.queryByRole('textbox', { name: 'Personal identity code' })).not.toBeInTheDocument();
  });

  test('the insurance type always goes through strong login (§6)', async () => {
    setUp({ ...anonymousOkState, healthcareType: 'insurance', requiresStrongLogin: true, loggedInPath: '/en/insurance/available-appointments/501' }, { insurance: true });
    expect(await screen.findByText(/Appointments paid by insurance can only be booked after strong authentication/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Finsurance%2Favailable-appointments%2F501');
  });

  test('not found: the same view as signed in', async () => {
    setUp({ status: 'not-found' });
    expect(await screen.findByText('Appointment not found.')).toBeInTheDocument();
  });

  test('every field’s message once it is left empty or wrong, and the identity code upper-cased', async () => {
    setUp(anonymousOkState);
    const ssn = await screen.findByRole('textbox', { name: 'Personal identity code' });
    // never cut (issue 28): a blank before the code must not push its check character out
    expect(ssn).not.toHaveAttribute('maxLength');
    for (const name of ['Personal identity code', 'First name', 'Last name', 'Phone number', 'Email']) {
      await userEvent.click(field(name));
    }
    await userEvent.tab();
    expect(screen.getByText('Please check your identity number')).toBeInTheDocument();
    expect(screen.getByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number, for example +358401234567')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email, for example firstname.lastname@example.com')).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription('Please enter your email, for example firstname.lastname@example.com');

    await userEvent.type(ssn, '131052-308t');
    await userEvent.tab();
    expect(ssn).toHaveValue('131052-308T');
    expect(screen.queryByText('Please check your identity number')).not.toBeInTheDocument();
    // the one phone rule of My information (issue 28): spaces are fine, and the number is written +358… once left
    await userEvent.type(field('Phone number'), '040 123 4567');
    await userEvent.tab();
    expect(field('Phone number')).toHaveValue('+358401234567');
    expect(screen.queryByText('Please enter your phone number, for example +358401234567')).not.toBeInTheDocument();
    await userEvent.clear(field('Phone number'));
    await userEvent.type(field('Phone number'), '040-123 4567');
    await userEvent.tab();
    expect(screen.getByText('Please enter your phone number, for example +358401234567')).toBeInTheDocument();
  });

  test('the hint: one of phone and email filled, the other touched but empty', async () => {
    setUp(anonymousOkState);
    const hint = 'Your phone number and email are needed for confirmation messages';
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+358401234567');
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    await userEvent.click(field('Email'));
    await userEvent.tab();
    expect(screen.getByText(hint)).toBeInTheDocument();
    await userEvent.type(field('Email'), 'maija@example.fi');
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  });

  test('submit is disabled until every field is valid and the terms are ticked; inside the window the binding box too', async () => {
    setUp({ ...anonymousOkState, bindingRequired: true });
    await screen.findByRole('textbox', { name: 'Personal identity code' });
    expect(submit()).toBeDisabled();
    await fillValidForm();
    expect(submit()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /this reservation is binding/ }));
    expect(submit()).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    expect(submit()).toBeDisabled();
  });

  test('reserves without a csrfToken with the trimmed, upper-cased values, and shows the confirmation without the signed-in links', async () => {
    const shell = setUp(anonymousOkState);
    shell.api.use({ [RESERVE]: { reservationDetails } });
    await fillValidForm();
    await userEvent.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment has been reserved' })).toHaveFocus();
    const call = shell.api.calls.find((request) => request.path === '/api/anon/reserve-appointment');
    expect(call?.searchParams).toEqual({ lang: 'en' });
    expect(call?.json).toEqual({
      internalOrganization: 'portal',
      appointmentId: '501',
      emailAddress: 'maija@example.fi',
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      phone: '+358401234567',
      ssn: '131052-308T',
    });
    expect(screen.queryByRole('link', { name: 'All appointments' })).not.toBeInTheDocument();
    expect(JSON.stringify((shell.analytics.push as jest.Mock).mock.calls)).not.toMatch(/131052|Maija|maija|\+358/);
    // reserved: the tab forgets what was typed
    expect(typedAnonymousValues()).toEqual(EMPTY_ANONYMOUS_VALUES);
  });

  test('3.3.7 Redundant Entry: what was typed for one slot is filled in on the next slot chosen in the same tab, for a quarter of an hour', async () => {
    setUp(anonymousOkState);
    await fillValidForm();
    cleanup();
    // another slot: a new form, filled in with what was typed
    setUp(anonymousOkState);
    expect(await screen.findByRole('textbox', { name: 'Personal identity code' })).toHaveValue('131052-308T');
    expect(field('First name')).toHaveValue(' Maija ');
    expect(field('Email')).toHaveValue('maija@example.fi');
    // the next person at a shared computer, later: nothing
    expect(typedAnonymousValues(Date.now() + TYPED_VALUES_KEPT_MS + 1)).toEqual(EMPTY_ANONYMOUS_VALUES);
  });

  // issue 27: whatever the refusal about the person, one warning that tells a stranger nothing, and strong login
  const ONE_WARNING = 'The details you entered cannot be used to book without identification. Please log in with strong authentication to book the appointment.';
  const loginCases: Array<[string, ApiFailure]> = [
    ['patientInfoConflict (what the server answers)', { kind: 'http', status: 422, type: 'patientInfoConflict' }],
    ['noPatient', { kind: 'http', status: 422, type: 'noPatient' }],
    ['patientDataConsentRequired', { kind: 'http', status: 422, type: 'patientDataConsentRequired' }],
    ['paymentBlocked', { kind: 'http', status: 403, type: 'paymentBlocked' }],
  ];
  test.each(loginCases)('§4 %s: one warning and the way to log in, keeping what was typed', async (_name, failure) => {
    const shell = setUp(anonymousOkState);
    shell.api.use({ [RESERVE]: mockFailure(failure) });
    await fillValidForm();
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ONE_WARNING);
    expect(alert).not.toHaveTextContent(/register|billing/i);
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Favailable-appointments%2F501');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(field('First name')).toHaveValue(' Maija ');
  });

  test('too many attempts (429, per address or per identity code): when to try again from Retry-After, and strong login', async () => {
    const shell = setUp(anonymousOkState);
    shell.api.use({ [RESERVE]: mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests', retryAfterSeconds: 600 }) });
    await fillValidForm();
    await userEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Too many booking attempts\. Please try again in 10 minutes, at \d{1,2}:\d{2}\./);
    expect(alert).toHaveTextContent('You can also log in with strong authentication to book the appointment.');
    expect(within(alert).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Favailable-appointments%2F501');
  });

  test('too many attempts without a Retry-After: try again in a few minutes', async () => {
    const shell = setUp(anonymousOkState);
    shell.api.use({ [RESERVE]: mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests' }) });
    await fillValidForm();
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many booking attempts. Please try again in a few minutes.');
  });

  const codes: Array<[string, ApiFailure, string]> = [
    ['appointmentNotAvailable', { kind: 'http', status: 409, type: 'appointmentNotAvailable' }, 'The appointment has already been reserved.'],
    ['tooManyReservations', { kind: 'http', status: 409, type: 'tooManyReservations' }, 'You have too many reservations. Cancel one of them, after which you can reserve a new appointment.'],
    ['unknownError', { kind: 'http', status: 500, type: 'unknownError' }, 'Something went wrong. Please try again.'],
    ['networkError', { kind: 'network' }, 'Network error. Please try again.'],
    ['validation', { kind: 'validation', details: [{ path: 'ssn', message: 'x' }, { path: 'lastName', message: 'y' }] }, 'Please check the following fields: Personal identity code and Last name'],
  ];
  test.each(codes)('§8 %s: its text, and the form keeps what was typed', async (_name, failure, text) => {
    const shell = setUp(anonymousOkState);
    shell.api.use({ [RESERVE]: mockFailure(failure) });
    await fillValidForm();
    await userEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(field('Email')).toHaveValue('maija@example.fi');
  });
});

describe("children's brand: the login choice (hpa or ordinary) comes first (spec part 2 §4 \"Anonymous reservation\")", () => {
  test('both choices before any form; the guardian one is the guardian login back to the signed-in reservation', async () => {
    setUp(anonymousOkState, { brand: 'children' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Whose appointment are you booking?' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Personal identity code' })).not.toBeInTheDocument();
    const guardian = screen.getByRole('link', { name: 'Log in as a guardian' });
    expect(guardian).toHaveAccessibleDescription(/For guardians booking for a child aged 11 or younger/);
    const href = new URL(guardian.getAttribute('href') ?? '', 'https://portal.invalid');
    expect(href.pathname).toBe('/en/login');
    expect(href.searchParams.get('nextPath')).toBe('/en/available-appointments/501');
    expect(href.searchParams.get('acting')).toBe('guardian');
  });

  test('by keyboard: the ordinary choice opens the identity-code form and focus moves on to it', async () => {
    setUp(anonymousOkState, { brand: 'children' });
    const own = await screen.findByRole('button', { name: 'Book my own appointment' });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Log in as a guardian' })).toHaveFocus();
    await userEvent.tab();
    expect(own).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Personal identity code' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Whose appointment are you booking?' })).not.toBeInTheDocument();
    expect(document.activeElement?.contains(screen.getByRole('textbox', { name: 'Personal identity code' }))).toBe(true);
  });

  test('ordinary where the slot needs strong login: the strong-login notice', async () => {
    setUp({ ...anonymousOkState, requiresStrongLogin: true }, { brand: 'children' });
    await userEvent.click(await screen.findByRole('button', { name: 'Book my own appointment' }));
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login?nextPath=%2Fen%2Favailable-appointments%2F501');
  });

  test.each([
    ['fi', 'Kenelle varaat aikaa?', 'Kirjaudu huoltajana', 'Varaan aikaa itselleni'],
    ['sv', 'Vem bokar du tid för?', 'Logga in som vårdnadshavare', 'Jag bokar tid för mig själv'],
  ] as const)('in %s', async (lang, title, child, own) => {
    const shell = createFakeShell({ routes: routesWithAccount, user: null, brand: 'children', lang });
    shell.loadPage.mockResolvedValueOnce(pageState('booking.anonymous-reservation', anonymousOkState, { id: '501' }));
    renderWithShell(
      <Routes>
        <Route path={`/${lang}/x/:id`} element={<AnonymousReservationPage />} />
      </Routes>,
      shell,
      `/${lang}/x/501`,
    );
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: child })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: own })).toBeInTheDocument();
  });

  test('the adult brand has no choice: the form at once', async () => {
    setUp(anonymousOkState);
    expect(await screen.findByRole('textbox', { name: 'Personal identity code' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Whose appointment are you booking?' })).not.toBeInTheDocument();
  });
});
