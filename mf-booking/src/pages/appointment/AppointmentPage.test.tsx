import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockFailure, type AppointmentDetail } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { buildAppointment } from '../../components/appointment-card/appointment-fixture';
import { AppointmentPage } from './AppointmentPage';
import { fullPageLoad } from './full-page-load';
import { CANCEL_NAVIGATION_FALLBACK_MS } from './useAppointmentActions';

jest.mock('./full-page-load', () => ({ fullPageLoad: jest.fn() }));
// Another part's extras (calendar, change time, waitlist) have tests of their own; here: where they are mounted.
jest.mock('../../components/appointment-extras/AppointmentExtras', () => ({
  AppointmentExtras: ({ appointment }: { appointment: { id: string } }) => <p data-testid="extras">{appointment.id}</p>,
}));

const ROUTE = 'booking.appointment';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
/** A week ahead, relative to the test's clock (the page hides the actions of an appointment that has ended). */
const upcoming = (overrides: Partial<AppointmentDetail> = {}) => buildAppointment({ startDate: inDays(7), ...overrides });

function renderPage(state: unknown, shell: FakeShell = createFakeShell(), ids = '100003') {
  if (state !== undefined) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state, { ids }) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/appointment/:ids" element={<AppointmentPage />} />
      <Route path="/:lang/varaus/:ids" element={<AppointmentPage />} />
    </Routes>,
    shell,
    `/${shell.lang}/${shell.lang === 'fi' ? 'varaus' : 'appointment'}/${ids}`,
  );
  return shell;
}
const ok = (...appointments: AppointmentDetail[]) => ({ status: 'ok', appointments });

describe('appointment page (spec part 2 §2.1 "Appointment page")', () => {
  test('asks the loader for the ids of its path; shows the card with arrival info and a link to all appointments', () => {
    const shell = createFakeShell();
    renderPage(undefined, shell, '5,6');
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { ids: '5,6' }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
  });

  test('the card: time, professional, place with address, arrival info (sanitised HTML from the server), price; all appointments link', () => {
    renderPage(ok(upcoming()));
    const card = screen.getByRole('article', { name: 'Endocrinology' });
    expect(card).toHaveTextContent('Pertti Rantanen');
    expect(card).toHaveTextContent('Lääkärikeskus Kamppi');
    expect(card).toHaveTextContent('Malminkatu 3, 00100 Helsinki');
    const arrival = within(card).getByRole('heading', { name: 'Arrival information' }).parentElement!;
    expect(within(arrival).getByText('2nd floor').tagName).toBe('STRONG');
    expect(card).toHaveTextContent('from €101.90');
    expect(screen.getByRole('link', { name: /All appointments/ })).toHaveAttribute('href', '/en/appointments');
    expect(screen.getByTestId('extras')).toHaveTextContent('100003');
  });

  test('not found (part 1 §2): the notice and a way to book another, no card', () => {
    renderPage({ status: 'appointment-not-found' });
    expect(screen.getByText('Appointment not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book another appointment' })).toHaveAttribute('href', '/en/booking');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  test('not found also after client-side navigation (the loader answers 404 with the state)', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(pageState(ROUTE, { status: 'appointment-not-found' }));
    renderPage(undefined, shell);
    expect(await screen.findByText('Appointment not found')).toBeInTheDocument();
  });
});

describe('the buttons (spec part 2 §4 "Appointment page actions")', () => {
  test('TooEarly: check-in shown but disabled, with when it opens; cancel offered when mayCancel', () => {
    renderPage(ok(upcoming({ selfCheckInStatus: 'TooEarly' })));
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check in' })).toHaveAccessibleDescription('Check-in opens 30 minutes before the appointment.');
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeEnabled();
  });

  test('NotAvailable (remote): no check-in; no arrival reason for a remote appointment', () => {
    renderPage(ok(upcoming({ selfCheckInStatus: 'NotAvailable', isRemote: true })));
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
  });

  test('inside the cancellation window (mayCancel false): no cancel, and why with the phone number', () => {
    renderPage(ok(upcoming({ startDate: inDays(0.5), mayCancel: false, withinCancellationWindow: true })));
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(screen.getByText(/Less than 24 hours remain/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 000 0000' })).toHaveAttribute('href', 'tel:0100000000');
  });

  test('already checked in on load: the room, and neither button', () => {
    renderPage(ok(upcoming({ selfCheckInStatus: 'CheckedIn', roomLocation: 'Huone 214', mayCancel: false })));
    expect(screen.getByText('You have checked in.')).toBeInTheDocument();
    expect(screen.getByText('Please go to: Huone 214')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  test('cancelled by the provider: the warning, no buttons, and a new time with the same practitioner', () => {
    renderPage(ok(upcoming({ hasAppointeeCanceled: true, mayCancel: false, selfCheckInStatus: 'NotAvailable' })));
    expect(screen.getByText(/The clinic has cancelled this appointment/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Book a new time with the same professional' });
    expect(link).toHaveAttribute('href', '/en/booking/private-customer?practitionerIds=9');
    expect(screen.queryByTestId('extras')).not.toBeInTheDocument();
  });
});

describe('check-in (spec part 2 §4, §8)', () => {
  const checkInPath = 'POST /api/appointments/check-in/100003';

  test('Success: the room, the buttons gone, focus on the confirmation', async () => {
    const shell = createFakeShell();
    shell.api.use({ [checkInPath]: { type: 'Success', roomLocation: 'Huone 214' } });
    renderPage(ok(upcoming({ startDate: inDays(0.01), selfCheckInStatus: 'Allowed', mayCancel: false, withinCancellationWindow: true })), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You have checked in.')).toHaveFocus();
    expect(screen.getByText('Please go to: Huone 214')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(shell.api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([checkInPath]);
    expect(screen.queryByTestId('extras')).not.toBeInTheDocument();
  });

  test('Success without a room: see reception', async () => {
    const shell = createFakeShell();
    shell.api.use({ [checkInPath]: { type: 'Success', roomLocation: null } });
    renderPage(ok(upcoming({ selfCheckInStatus: 'Allowed' })), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Please go to the reception.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  test.each([
    ['AlreadyCheckedIn', 'You already have checked in for this appointment.'],
    ['TooEarly', 'Check-in is not yet available. Please try again 30 minutes prior to the scheduled appointment.'],
    ['CheckInOnlyAtReception', 'Check-in failed. Please see the receptionist nurse when checking in to your appointment.'],
    ['UnknownError', 'Check-in failed. Please see the receptionist nurse when checking in to your appointment.'],
  ])('%s: its §8 text, and cancel is no longer offered', async (type, text) => {
    const shell = createFakeShell();
    shell.api.use({ [checkInPath]: { type, roomLocation: null } });
    renderPage(ok(upcoming({ selfCheckInStatus: 'Allowed' })), shell);
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  test('a network failure: the §8 failure text, reported', async () => {
    const shell = createFakeShell();
    shell.api.use({ [checkInPath]: mockFailure({ kind: 'network' }) });
    renderPage(ok(upcoming({ selfCheckInStatus: 'Allowed' })), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check-in failed.');
    expect(shell.errors.report).toHaveBeenCalled();
  });

  test('ConfidentialityFormNotFilledAsAdult: the consent-needed notice (terms, the app, reception); no buttons', async () => {
    const shell = createFakeShell();
    shell.api.use({ [checkInPath]: { type: 'ConfidentialityFormNotFilledAsAdult', roomLocation: null } });
    renderPage(ok(upcoming({ selfCheckInStatus: 'Allowed' })), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Online check-in needs your consent');
    expect(notice).toHaveTextContent('accept the terms for the processing of your patient data');
    expect(within(notice).getByRole('link', { name: 'App Store' })).toHaveAttribute('href', 'https://example.invalid/ios');
    expect(notice).toHaveTextContent('check in at the reception');
    expect(screen.queryByRole('button', { name: /Check in|Cancel appointment/ })).not.toBeInTheDocument();
  });

  test("ConfidentialityFormNotFilled (a ward): the child's variant", async () => {
    const shell = createFakeShell();
    shell.api.use({ [checkInPath]: { type: 'ConfidentialityFormNotFilled', roomLocation: null } });
    renderPage(ok(upcoming({ selfCheckInStatus: 'Allowed' })), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("the child's patient data");
  });
});

describe('cancel (spec part 2 §4, §7, §8)', () => {
  const cancelPath = 'DELETE /api/appointments/100003';

  test('asks first; keeping it calls nothing', async () => {
    const shell = createFakeShell();
    renderPage(ok(upcoming()), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    expect(screen.getByRole('group', { name: 'Do you want to cancel this appointment?' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Keep the appointment' }));
    expect(shell.api.calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
  });

  test('success: reservationCancel with ids only, then the front page with #appointment-cancelled; a page load if the shell does not navigate', async () => {
    try {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'requestAnimationFrame'] });
      const shell = createFakeShell();
      shell.api.use({ [cancelPath]: { type: 'Success' } });
      renderPage(ok(upcoming()), shell);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
      await user.click(screen.getByRole('button', { name: 'Yes, cancel the appointment' }));
      expect(shell.analytics.push).toHaveBeenCalledWith('reservationCancel', {
        appointmentId: '100003',
        healthcareType: 'private',
        specialtyId: 'ENDO',
        clinicId: 'KA',
        practitionerId: '9',
      });
      expect(shell.navigate).toHaveBeenCalledWith('/en#appointment-cancelled');
      expect(fullPageLoad).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(CANCEL_NAVIGATION_FALLBACK_MS));
      expect(fullPageLoad).toHaveBeenCalledWith('/en#appointment-cancelled');
    } finally {
      jest.useRealTimers();
    }
  });

  test("refused inside the window (409 deadlineExceeded): the warning with 'less than 24 hours' and the phone link; cancel hidden", async () => {
    const shell = createFakeShell();
    shell.api.use({ [cancelPath]: mockFailure({ kind: 'http', status: 409, type: 'deadlineExceeded' }) });
    renderPage(ok(upcoming()), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the appointment' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Cancelling the appointment failed. The appointment is in less than 24 hours.');
    expect(within(warning).getByRole('link', { name: '010 000 0000' })).toHaveAttribute('href', 'tel:0100000000');
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(shell.navigate).not.toHaveBeenCalled();
    expect(shell.analytics.push).not.toHaveBeenCalled();
  });

  test('another failure outside the window: the warning without the hours', async () => {
    const shell = createFakeShell();
    shell.api.use({ [cancelPath]: mockFailure({ kind: 'network' }) });
    renderPage(ok(upcoming()), shell);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the appointment' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Cancelling the appointment failed.');
    expect(warning).not.toHaveTextContent('less than');
  });
});

describe('arrival reason (spec part 2 §5, §8)', () => {
  const reasonPath = 'POST /api/appointments/100003/arrival-reason';

  test('the counter, and over 300: the error, a red counter, save disabled', async () => {
    renderPage(ok(upcoming({ arrivalReason: 'Selkäkipu' })));
    const box = screen.getByRole('textbox', { name: 'Reason for your visit' });
    expect(box).toHaveValue('Selkäkipu');
    expect(box).toHaveAccessibleDescription(/9 \/ 300 characters/);
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(300));
    expect(box).toHaveAccessibleDescription(/300 \/ 300 characters/);
    expect(screen.queryByText('Character limit exceeded')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.type(box, 'y');
    expect(box).toHaveAccessibleDescription(/301 \/ 300 characters/);
    // spaces around the text are not counted, as the server trims before its limit
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste(`  ${'x'.repeat(300)}  `);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.type(box, 'y');
    expect(screen.getByRole('alert')).toHaveTextContent('Character limit exceeded');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('saved: the success toast for 5 seconds, the text sent as typed', async () => {
    const shell = createFakeShell();
    shell.api.use({ [reasonPath]: { type: 'Success' } });
    renderPage(ok(upcoming()), shell);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason for your visit' }), 'Kuume');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'success', text: 'Preliminary information saved successfully', durationMs: 5000 });
    expect(shell.api.calls.at(-1)?.json).toEqual({ arrivalReason: 'Kuume' });
  });

  test('a failure: the failure toast for 5 seconds', async () => {
    const shell = createFakeShell();
    shell.api.use({ [reasonPath]: mockFailure({ kind: 'http', status: 409, type: 'unknownError' }) });
    renderPage(ok(upcoming()), shell);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason for your visit' }), 'Kuume');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'error', text: 'Failed to save preliminary information. Please try again.', durationMs: 5000 });
  });
});
