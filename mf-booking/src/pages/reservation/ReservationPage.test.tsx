import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { decodeSaveAction, RESERVATION_DESCRIPTION_MAX_LENGTH, type ApiFailure, type ReservationPageState } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { ensureConcept } from './insurance-double.testing';
import { ReservationInsurancePage, ReservationOccupationalPage, ReservationPage } from './ReservationPage';
import { okState, reservationDetails, routesWithAccount } from './test-fixtures';

jest.mock('./insurance', () => jest.requireActual('./insurance-double.testing'));

const RESERVE = 'POST /api/reserve-appointment';
const PAGES = {
  'booking.reservation': { path: '/en/available-appointments/501', Page: ReservationPage },
  'booking.reservation-insurance': { path: '/en/insurance/available-appointments/501', Page: ReservationInsurancePage },
  'booking.reservation-occupational': { path: '/en/occupational-healthcare/available-appointments/501', Page: ReservationOccupationalPage },
} as const;
type RouteKey = keyof typeof PAGES;

function setUp(states: ReservationPageState[], routeId: RouteKey = 'booking.reservation', shell: FakeShell = createFakeShell({ routes: routesWithAccount })) {
  for (const state of states) shell.loadPage.mockResolvedValueOnce(pageState(routeId, state, { id: '501' }));
  const { Page, path } = PAGES[routeId];
  renderWithShell(
    <Routes>
      <Route path={path.replace('501', ':id')} element={<Page />} />
    </Routes>,
    shell,
    path,
  );
  return shell;
}

const reserveButton = () => screen.getByRole('button', { name: /^Reserve appointment/ });
const description = () => screen.getByRole('textbox', { name: /Reason for the visit/ });

async function reserveAndExpectAlert(text: string) {
  await userEvent.click(reserveButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
}

afterEach(() => {
  ensureConcept.mockReset();
  ensureConcept.mockResolvedValue('ok');
});

describe('logged-in reservation page (spec part 2 §2.1, §4 "Logged-in reservation")', () => {
  test('in Finnish, the time and the price are in Finnish formats (spec part 2 §9: fi-FI)', async () => {
    setUp([okState], 'booking.reservation', createFakeShell({ routes: routesWithAccount, lang: 'fi' }));
    const summary = await screen.findByRole('region', { name: 'Vastaanottoaika' });
    expect(within(summary).getByText('Aika').nextElementSibling).toHaveTextContent(/15\.1\.2030.*10[.:]00/);
    expect(within(summary).getByText('Hinta-arvio').nextElementSibling).toHaveTextContent(/alkaen 89,00\s€/);
  });

  test('asks the loader for the slot of its path and shows what is being booked: Helsinki time, practitioner, clinic and address, the CMS info, the price from with its breakdown', async () => {
    const shell = setUp([okState]);
    expect(shell.loadPage).toHaveBeenCalledWith('booking.reservation', { id: '501' }, expect.any(AbortSignal));
    const summary = await screen.findByRole('region', { name: 'Appointment' });
    expect(within(summary).getByText('Time').nextElementSibling).toHaveTextContent('15 January 2030 at 10:00 (30 min)');
    expect(within(summary).getByText('Practitioner').nextElementSibling).toHaveTextContent('Anna Lahtinen, General practitioner');
    expect(within(summary).getByText('Place').nextElementSibling).toHaveTextContent('Helsinki KamppiUrho Kekkosen katu 1, 00100 Helsinki');
    expect(within(summary).getByText('Kela card').tagName).toBe('STRONG');
    expect(within(summary).getByText('Arrive 10 minutes early.')).toBeInTheDocument();
    expect(within(summary).getByText('Price estimate').nextElementSibling).toHaveTextContent('from €89.00');
    expect(within(within(summary).getByRole('list', { name: 'Price breakdown' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Doctor’s visit: €79.00',
      'Service fee: €10.00',
    ]);
  });

  test('a remote video appointment says so instead of an address; no price for the insurance type', async () => {
    setUp([{ ...okState, healthcareType: 'insurance', appointment: { ...okState.appointment, isRemote: true, isVideo: true } }], 'booking.reservation-insurance');
    const summary = await screen.findByRole('region', { name: 'Appointment' });
    expect(within(summary).getByText('Place').nextElementSibling).toHaveTextContent(/^Video appointment$/);
    expect(within(summary).queryByText('Price estimate')).not.toBeInTheDocument();
  });

  test('not found: the not-found text and a link to book another', async () => {
    setUp([{ status: 'not-found' }]);
    expect(await screen.findByText('Appointment not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book another appointment' })).toHaveAttribute('href', '/en/booking');
    expect(screen.queryByRole('button', { name: 'Reserve appointment' })).not.toBeInTheDocument();
  });

  test('already reserved: no longer available, and Back goes back', async () => {
    setUp([{ status: 'already-reserved', healthcareType: 'private' }]);
    expect(await screen.findByText('This appointment is no longer available.')).toBeInTheDocument();
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalled();
    back.mockRestore();
  });

  test('not credit-worthy (Jukka): "Booking interrupted" with the billing phone and e-mail, and no form', async () => {
    setUp([{ ...okState, isUserCreditWorthy: false, paymentBlocked: true }]);
    expect(await screen.findByText('Booking interrupted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 000 0001' })).toHaveAttribute('href', 'tel:0100000001');
    expect(screen.getByRole('link', { name: 'billing@example.invalid' })).toHaveAttribute('href', 'mailto:billing@example.invalid');
    expect(screen.queryByRole('button', { name: 'Reserve appointment' })).not.toBeInTheDocument();
  });

  test('occupational without web reservation: the phone-booking text and the private-customer way', async () => {
    setUp([{ status: 'occupational-unavailable', reason: 'no-web-reservation', contractProductIds: [] }], 'booking.reservation-occupational');
    expect(await screen.findByText('Online booking is not yet included in your occupational health agreement. Please book by phone: 010 000 0000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book as a private customer' })).toHaveAttribute('href', '/en/booking/private-customer');
  });

  test('unregistered: the account remote’s registration form is mounted inline; its onDone reloads the state and the reservation form follows', async () => {
    const shell = setUp([{ ...okState, registration: 'unregistered' }, okState]);
    await waitFor(() => expect(shell.mountParcel).toHaveBeenCalledWith('mf-account', './registration-form', expect.any(HTMLElement), { onDone: expect.any(Function) }));
    expect(screen.queryByRole('button', { name: 'Reserve appointment' })).not.toBeInTheDocument();
    const { onDone } = shell.mountParcel.mock.calls[0]![3] as { onDone(answer: unknown): void };
    act(() => onDone({ type: 'success' }));
    expect(await screen.findByRole('button', { name: 'Reserve appointment' })).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
  });

  test('consent needed: the consent form inline, then the reservation form', async () => {
    const shell = setUp([{ ...okState, registration: 'consent-needed' }, okState]);
    await waitFor(() => expect(shell.mountParcel).toHaveBeenCalledWith('mf-account', './consent-form', expect.any(HTMLElement), expect.anything()));
    expect(screen.getByText('Before booking, please review the processing of your patient data. You will then continue to the reservation.')).toBeInTheDocument();
    const { onDone } = shell.mountParcel.mock.calls[0]![3] as { onDone(answer: unknown): void };
    act(() => onDone({ type: 'success' }));
    expect(await screen.findByRole('button', { name: 'Reserve appointment' })).toBeInTheDocument();
  });

  test('consentRequired from the reserve call reopens the consent form; once saved, the form is back with what was typed', async () => {
    const shell = setUp([okState]);
    shell.api.use({ [RESERVE]: mockFailure({ kind: 'http', status: 422, type: 'consentRequired' }) });
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason for the visit/ }), 'Sore throat');
    await userEvent.click(reserveButton());
    await waitFor(() => expect(shell.mountParcel).toHaveBeenCalledWith('mf-account', './consent-form', expect.any(HTMLElement), expect.anything()));
    expect(screen.queryByRole('button', { name: 'Reserve appointment' })).not.toBeInTheDocument();
    const { onDone } = shell.mountParcel.mock.calls[0]![3] as { onDone(answer: unknown): void };
    act(() => onDone({ type: 'success' }));
    expect(await screen.findByRole('button', { name: 'Reserve appointment' })).toBeEnabled();
    expect(description()).toHaveValue('Sore throat');
  });

  test('reserves with the contact details and the trimmed description, reports start and success without personal data, and shows the confirmation with its links', async () => {
    const shell = setUp([okState]);
    shell.api.use({ [RESERVE]: { reservationDetails } });
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason for the visit/ }), '  Sore throat  ');
    await userEvent.click(reserveButton());
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your appointment has been reserved' });
    expect(heading).toHaveFocus();
    const call = shell.api.calls.find((request) => request.path === '/api/reserve-appointment');
    expect(call?.searchParams).toEqual({ lang: 'en' });
    expect(call?.json).toEqual({
      internalOrganization: 'portal',
      appointmentId: '501',
      healthcareType: 'private',
      description: 'Sore throat',
      emailAddress: 'mikko@example.fi',
      phone: '+358401234567',
    });
    expect(screen.getByText('We will send a confirmation by text message to +358401234567.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the appointment' })).toHaveAttribute('href', '/en/appointment/777');
    expect(screen.getByRole('link', { name: 'All appointments' })).toHaveAttribute('href', '/en/appointments');
    const payload = { appointmentId: '501', healthcareType: 'private', specialtyId: 'YL', clinicId: 'HKI1', practitionerId: 'P17' };
    expect(shell.analytics.push).toHaveBeenCalledWith('reservationStart', payload);
    expect(shell.analytics.push).toHaveBeenCalledWith('reservationSuccess', { ...payload, appointmentId: '777' });
    expect(JSON.stringify((shell.analytics.push as jest.Mock).mock.calls)).not.toMatch(/mikko|Virtanen|\+358|Sore/);
  });

  test('a pasted description over the limit stays whole, with its count and message, and nothing is reserved; at the limit it is (issue 28)', async () => {
    const shell = setUp([okState]);
    shell.api.use({ [RESERVE]: { reservationDetails } });
    const field = await screen.findByRole('textbox', { name: /Reason for the visit/ });
    const pasted = 'a'.repeat(RESERVATION_DESCRIPTION_MAX_LENGTH + 1);
    await userEvent.click(field);
    await userEvent.paste(pasted);
    expect(field).toHaveValue(pasted);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'Briefly describe your symptoms or the reason for the visit. 1,001 / 1,000 characters The description can be at most 1,000 characters long. Shorten the description.',
    );
    expect(reserveButton()).toBeDisabled();
    expect(reserveButton()).toHaveAccessibleDescription('Before you can reserve the appointment: shorten the description above.');
    await userEvent.click(reserveButton());
    expect(shell.api.calls.filter((request) => request.path === '/api/reserve-appointment')).toHaveLength(0);

    await userEvent.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('1,000 / 1,000 characters')).toBeInTheDocument();
    await userEvent.click(reserveButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment has been reserved' })).toBeInTheDocument();
    const call = shell.api.calls.find((request) => request.path === '/api/reserve-appointment');
    expect(call?.json).toMatchObject({ description: 'a'.repeat(RESERVATION_DESCRIPTION_MAX_LENGTH) });
  });

  const codes: Array<[string, ApiFailure, string]> = [
    ['appointmentNotAvailable', { kind: 'http', status: 409, type: 'appointmentNotAvailable' }, 'The appointment has already been reserved.'],
    ['tooManyReservations', { kind: 'http', status: 409, type: 'tooManyReservations' }, 'You have too many reservations. Cancel one of them, after which you can reserve a new appointment.'],
    [
      'treatmentChainCreationFailed',
      { kind: 'http', status: 422, type: 'treatmentChainCreationFailed' },
      'Booking using direct reimbursement failed. Choose another payment method or try booking again later. If the problem persists, please contact our customer support.',
    ],
    ['unknownError', { kind: 'http', status: 500, type: 'unknownError' }, 'Something went wrong. Please try again.'],
    ['noPatient (logged in: the unknown error)', { kind: 'http', status: 422, type: 'noPatient' }, 'Something went wrong. Please try again.'],
    ['patientInfoConflict (logged in: the unknown error)', { kind: 'http', status: 422, type: 'patientInfoConflict' }, 'Something went wrong. Please try again.'],
    ['an answer without a known type', { kind: 'http', status: 502 }, 'Something went wrong. Please try again.'],
    ['networkError', { kind: 'network' }, 'Network error. Please try again.'],
    [
      'validation (the labels of error.details paths)',
      { kind: 'validation', details: [{ path: 'emailAddress', message: 'x' }, { path: 'phone', message: 'y' }] },
      'Please check the following fields: Email and Phone number',
    ],
  ];
  test.each(codes)('§8 %s: its text, the reservation error event, and what was typed is kept', async (_name, failure, text) => {
    const shell = setUp([okState]);
    shell.api.use({ [RESERVE]: mockFailure(failure) });
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason for the visit/ }), 'Sore throat');
    await reserveAndExpectAlert(text);
    expect(description()).toHaveValue('Sore throat');
    expect(reserveButton()).toBeEnabled();
    expect(shell.analytics.push).toHaveBeenCalledWith('reservationError', expect.objectContaining({ appointmentId: '501' }));
  });

  test.each([
    ['en', 'Too many booking attempts. Please try again in 2 minutes, at 10:02.'],
    ['fi', 'Liian monta varausyritystä. Yritä uudelleen 2 minuutin kuluttua, klo 10:02.'],
    ['sv', 'För många bokningsförsök. Försök igen om 2 minuter, klockan 10:02.'],
  ] as const)('429 (too many attempts from this address) in %s: when to try again from Retry-After, not "something went wrong"', async (lang, text) => {
    // 10:00 in Helsinki; the answer says 90 s, so 2 minutes, at 10:02 on the clock
    jest.useFakeTimers({ now: new Date('2030-01-10T08:00:30.000Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'setInterval', 'clearInterval'] });
    try {
      const shell = setUp([okState], 'booking.reservation', createFakeShell({ routes: routesWithAccount, lang }));
      shell.api.use({ [RESERVE]: mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests', retryAfterSeconds: 90 }) });
      await userEvent.click(await screen.findByRole('button', { name: { en: 'Reserve appointment', fi: 'Varaa aika', sv: 'Boka tid' }[lang] }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
      expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  test('§8 appointmentNotAvailable links to choosing another time of the same type', async () => {
    const shell = setUp([okState]);
    shell.api.use({ [RESERVE]: mockFailure({ kind: 'http', status: 409, type: 'appointmentNotAvailable' }) });
    await screen.findByRole('region', { name: 'Appointment' });
    await reserveAndExpectAlert('The appointment has already been reserved.');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Choose another appointment' })).toHaveAttribute('href', '/en/booking/private-customer');
  });
});

describe('the booking button (spec part 2 §5 "Logged-in booking button")', () => {
  test('contact details that fail §5 (no e-mail, as Leena acting for Ella): disabled, and says why next to the button with both ways to fix it', async () => {
    setUp([{ ...okState, patient: { ...okState.patient, email: null } }]);
    const button = await screen.findByRole('button', { name: 'Reserve appointment' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Before you can reserve the appointment: add the missing or invalid contact information: email\./);
    // the fix on this page: the contact form opens at its first field
    await userEvent.click(screen.getByRole('button', { name: 'Edit contact information' }));
    expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveFocus();
    expect(reserveButton()).toHaveAccessibleDescription(/save or cancel the changes to the contact information/);
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'ella@example.fi');
    expect(reserveButton()).toBeDisabled();
  });

  test('the other way to fix it: My information, coming back to this reservation', async () => {
    setUp([{ ...okState, patient: { ...okState.patient, email: null, phoneNumber: null } }]);
    const button = await screen.findByRole('button', { name: 'Reserve appointment' });
    expect(button).toHaveAccessibleDescription(/contact information: email and phone number\./);
    const links = screen.getAllByRole('link', { name: 'Edit in My information' });
    expect(new Set(links.map((link) => link.getAttribute('href'))).size).toBe(1);
  });

  test.each<[string, Partial<ReservationPageState>, RouteKey, RegExp]>([
    ['binding not ticked', { bindingRequired: true }, 'booking.reservation', /confirm that the reservation is binding/],
    ['occupational confirmation not ticked', { healthcareType: 'occupational', priceInfo: null, occupationalConfirmation: 'referral' }, 'booking.reservation-occupational', /tick the confirmation above/],
    ['insurance not chosen', { healthcareType: 'insurance', priceInfo: null }, 'booking.reservation-insurance', /choose the insurance company/],
  ])('never disabled without a reason: %s', async (_name, change, routeId, reason) => {
    setUp([{ ...okState, ...change } as ReservationPageState], routeId);
    const button = await screen.findByRole('button', { name: 'Reserve appointment' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
  });

  test('enabled: no reason shown', async () => {
    setUp([okState]);
    const button = await screen.findByRole('button', { name: 'Reserve appointment' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription(/.+/);
    expect(screen.queryByText('Before you can reserve the appointment:')).not.toBeInTheDocument();
  });

  test('while the contact details are being edited: disabled; enabled again after Cancel', async () => {
    setUp([okState]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(reserveButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reserveButton()).toBeEnabled();
  });

  test('occupational: the confirmation by the state’s group must be ticked', async () => {
    setUp([{ ...okState, healthcareType: 'occupational', priceInfo: null, occupationalConfirmation: 'contract-and-doctors-referral' }], 'booking.reservation-occupational');
    const box = await screen.findByRole('checkbox', {
      name: "I confirm that this visit is covered by my employer's occupational health care contract and that I have a doctor's referral.",
    });
    expect(reserveButton()).toBeDisabled();
    await userEvent.click(box);
    expect(reserveButton()).toBeEnabled();
  });

  test('occupational with no confirmation needed (general practice): no checkbox, enabled', async () => {
    setUp([{ ...okState, healthcareType: 'occupational', priceInfo: null, occupationalConfirmation: 'none' }], 'booking.reservation-occupational');
    expect(await screen.findByRole('button', { name: 'Reserve appointment' })).toBeEnabled();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  test('binding required by the state: the binding checkbox must be ticked', async () => {
    setUp([{ ...okState, bindingRequired: true }]);
    const box = await screen.findByRole('checkbox', { name: /this reservation is binding: the appointment starts in less than 24 hours/ });
    expect(reserveButton()).toBeDisabled();
    await userEvent.click(box);
    expect(reserveButton()).toBeEnabled();
  });

  test('insurance: disabled until the selection is valid; the selection gets the LähiTapiola return status', async () => {
    setUp([{ ...okState, healthcareType: 'insurance', priceInfo: null, query: { status: 'directcompensationallowed' } }], 'booking.reservation-insurance');
    const choice = await screen.findByRole('checkbox', { name: 'If, pay and reimburse (return status directcompensationallowed)' });
    expect(reserveButton()).toBeDisabled();
    await userEvent.click(choice);
    expect(reserveButton()).toBeEnabled();
  });

  test('while reserving: disabled, and a second click sends nothing more', async () => {
    const shell = setUp([okState]);
    let answer!: (value: unknown) => void;
    shell.api.use({ [RESERVE]: () => new Promise((resolve) => (answer = resolve)) });
    await screen.findByRole('region', { name: 'Appointment' });
    await userEvent.click(reserveButton());
    expect(reserveButton()).toBeDisabled();
    await userEvent.click(reserveButton());
    expect(shell.api.calls.filter((request) => request.path === '/api/reserve-appointment')).toHaveLength(1);
    await act(async () => answer({ reservationDetails }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment has been reserved' })).toBeInTheDocument();
  });
});

describe('insurance reservation: the concept before reserving (spec part 2 §4 "Insurance checks", §8)', () => {
  test('ensureConcept with the selection’s code and the patient’s concepts, then the reservation with the insurance fields', async () => {
    const concepts = [{ code: '90157', directReimbursementAllowed: false }];
    const shell = setUp([{ ...okState, healthcareType: 'insurance', priceInfo: null, patientConcepts: concepts }], 'booking.reservation-insurance');
    shell.api.use({ [RESERVE]: { reservationDetails: { ...reservationDetails, healthcareType: 'insurance' } } });
    await userEvent.click(await screen.findByRole('checkbox', { name: /If, pay and reimburse/ }));
    await userEvent.click(reserveButton());
    await screen.findByRole('heading', { level: 1, name: 'Your appointment has been reserved' });
    expect(ensureConcept).toHaveBeenCalledWith(shell.api, '758236', concepts);
    expect(shell.api.calls.find((request) => request.path === '/api/reserve-appointment')?.json).toEqual(
      expect.objectContaining({ healthcareType: 'insurance', insuranceCompany: 'IF', reimbursement: 'PAY_AND_REIMBURSE', insuranceConceptCode: '758236', dcpContentHash: null }),
    );
  });

  test('a failed concept insertion shows the unknown error and nothing is reserved', async () => {
    ensureConcept.mockResolvedValue('failed');
    const shell = setUp([{ ...okState, healthcareType: 'insurance', priceInfo: null }], 'booking.reservation-insurance');
    await userEvent.click(await screen.findByRole('checkbox', { name: /If, pay and reimburse/ }));
    await reserveAndExpectAlert('Something went wrong. Please try again.');
    expect(shell.api.calls.some((request) => request.path === '/api/reserve-appointment')).toBe(false);
  });
});

describe('contact details on the reservation page (spec part 2 §4, §5 "Contact info", §7 PUT /api/user)', () => {
  const field = (name: string) => screen.getByRole('textbox', { name });

  test('read-only, then Edit: §5’s messages once a field is left, Save locked while any fails, Cancel restores', async () => {
    setUp([okState]);
    const contact = await screen.findByRole('region', { name: 'Contact information' });
    expect(within(contact).getByText('Email').nextElementSibling).toHaveTextContent('mikko@example.fi');
    await userEvent.click(within(contact).getByRole('button', { name: 'Edit' }));
    expect(field('Street address')).toHaveFocus();
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'mikko@');
    await userEvent.clear(field('Phone number'));
    await userEvent.clear(field('Postal code'));
    await userEvent.type(field('Postal code'), '001');
    await userEvent.clear(field('Street address'));
    await userEvent.type(field('Street address'), 'K');
    await userEvent.tab();
    expect(screen.getByText('Your email address is invalid.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a phone number')).toBeInTheDocument();
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(contact).getByText('Email').nextElementSibling).toHaveTextContent('mikko@example.fi');
    expect(within(contact).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  test('Save trims the values, sends PUT /api/user and shows what the server saved; the booking uses the new details', async () => {
    const shell = setUp([okState]);
    const saved = { streetAddress: 'Uusikatu 2', postalCode: '00200', postOffice: 'Helsinki', emailAddress: 'uusi@example.fi', phoneNumber: '+358401112223' };
    shell.api.use({ 'PUT /api/user': { type: 'success', patient: saved }, [RESERVE]: { reservationDetails } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(field('Street address'));
    await userEvent.type(field('Street address'), '  Uusikatu 2 ');
    await userEvent.clear(field('Postal code'));
    await userEvent.type(field('Postal code'), '00200');
    await userEvent.clear(field('Email'));
    await userEvent.type(field('Email'), 'uusi@example.fi ');
    await userEvent.clear(field('Phone number'));
    await userEvent.type(field('Phone number'), '040 111 2223');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const contact = screen.getByRole('region', { name: 'Contact information' });
    await waitFor(() => expect(within(contact).getByText('Email').nextElementSibling).toHaveTextContent('uusi@example.fi'));
    expect(shell.api.calls.find((request) => request.method === 'PUT')?.json).toEqual({
      streetAddress: 'Uusikatu 2',
      postalCode: '00200',
      postOffice: 'Helsinki',
      emailAddress: 'uusi@example.fi',
      phoneNumber: '+358401112223',
    });
    await userEvent.click(reserveButton());
    await screen.findByRole('heading', { level: 1, name: 'Your appointment has been reserved' });
    expect(shell.api.calls.find((request) => request.path === '/api/reserve-appointment')?.json).toEqual(
      expect.objectContaining({ emailAddress: 'uusi@example.fi', phone: '+358401112223' }),
    );
  });

  test('a failed save says so and keeps what was typed, still editing', async () => {
    const shell = setUp([okState]);
    shell.api.use({ 'PUT /api/user': mockFailure({ kind: 'http', status: 500 }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(field('Post office'));
    await userEvent.type(field('Post office'), 'Espoo');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, something went wrong and we could not save the changes. Please try again.');
    expect(field('Post office')).toHaveValue('Espoo');
    expect(reserveButton()).toBeDisabled();
    expect(shell.errors.report).toHaveBeenCalled();
  });

  test('the My information link carries the saveAction back to this reservation', async () => {
    setUp([okState]);
    const link = await screen.findByRole('link', { name: 'Edit in My information' });
    const url = new URL(link.getAttribute('href') ?? '', 'https://portal.invalid');
    expect(url.pathname).toBe('/en/my-information');
    expect(decodeSaveAction(url.searchParams.get('saveAction'))).toEqual({ type: 'appointment-reservation', path: '/en/available-appointments/501' });
  });
});

describe('the binding checkbox by the clock (spec part 2 §5 "Binding checkbox rule", Europe/Helsinki)', () => {
  afterEach(() => jest.useRealTimers());
  // 29 March 2026 09:00 in Helsinki is summer time (+03:00): clocks went forward at 03:00 that night
  const start = '2026-03-29T06:00:00.000Z';
  const fakeNow = (iso: string) => jest.useFakeTimers({ now: new Date(iso), doNotFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'setInterval', 'clearInterval'] });
  const stateAt = { ...okState, bindingRequired: false, appointment: { ...okState.appointment, startDate: start } };

  test('exactly 24 hours before the start: not yet binding', async () => {
    fakeNow('2026-03-28T06:00:00.000Z');
    setUp([stateAt]);
    expect(await screen.findByRole('button', { name: 'Reserve appointment' })).toBeEnabled();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  test('one second later (the same clock time the day before, 9:00 Helsinki, is only 23 hours away): binding', async () => {
    fakeNow('2026-03-28T06:00:01.000Z');
    setUp([stateAt]);
    expect(await screen.findByRole('checkbox', { name: /binding/ })).not.toBeChecked();
    expect(reserveButton()).toBeDisabled();
  });
});
