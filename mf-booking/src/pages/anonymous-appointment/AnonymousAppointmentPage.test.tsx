import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { AnonymousAppointment } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { AnonymousAppointmentPage } from './AnonymousAppointmentPage';

const ROUTE = 'booking.anonymous-appointment';
const TOKEN = 'Ab3dEf6hJk9mNp2qRs5tUv8w';

const appointment: AnonymousAppointment = {
  id: TOKEN,
  signedInId: '100042',
  startDate: '2026-11-25T08:00:00.000Z',
  durationMinutes: 30,
  kind: 'Appointment',
  isRemote: false,
  isVideo: false,
  practitioner: { id: '1', name: 'Anna Lahtinen', title: 'General practitioner', isResource: false, profilePictureUrl: null },
  specialty: { id: 'YLE', title: 'General practice' },
  clinic: { id: 'KA', name: 'Lääkärikeskus Kamppi', municipality: 'Helsinki', isRemote: false, address: { street: 'Malminkatu 3', postalCode: '00100', postOffice: 'Helsinki' } },
  selfCheckInStatus: 'allowed',
  isCheckedIn: false,
  roomLocation: null,
  mayCancel: true,
};

function renderPage(state: unknown, shell: FakeShell = createFakeShell({ user: null })) {
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state, { token: TOKEN }) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/appointment/:token" element={<AnonymousAppointmentPage />} />
    </Routes>,
    shell,
    `/${shell.lang}/appointment/${TOKEN}`,
  );
  return shell;
}

const ok = (overrides: Partial<AnonymousAppointment> = {}) => ({ status: 'ok', appointment: { ...appointment, ...overrides } });

async function typeEndPart(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.click(screen.getByRole('button', { name: 'Check in' }));
  expect(screen.getByRole('heading', { name: 'Check in' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Character 1 of 4' })).toHaveFocus();
  await user.keyboard(code);
}

describe('the anonymous appointment link (spec part 2 §4 "Anonymous appointment flow")', () => {
  test('Pending: the appointment without the patient, check-in, cancel through strong login to the signed-in page, and the calendar file', () => {
    renderPage(ok());
    expect(screen.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeInTheDocument();
    expect(screen.getByText('25 November 2026 at 10:00')).toHaveAttribute('datetime', '2026-11-25T08:00:00.000Z');
    expect(screen.getByText(/Malminkatu 3, 00100 Helsinki/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel appointment' })).toHaveAttribute('href', `/en/login?nextPath=${encodeURIComponent('/en/appointment/100042')}`);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/anon/appointments/${TOKEN}/calendar.ics?lang=en`);
  });

  test('too early: the check-in button is disabled and says why; no cancel when mayCancel is false', () => {
    renderPage(ok({ selfCheckInStatus: 'too-early', mayCancel: false }));
    const button = screen.getByRole('button', { name: 'Check in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Check-in is not yet available. Please try again 30 minutes prior to the scheduled appointment.');
    expect(screen.queryByRole('link', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(screen.getByText('The appointment can no longer be canceled')).toBeInTheDocument();
  });

  test('other status: no check-in button', () => {
    renderPage(ok({ selfCheckInStatus: 'other' }));
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
  });

  test('SsnInput → Just a moment... → CheckedIn with the room', async () => {
    const user = userEvent.setup();
    const shell = createFakeShell({ user: null });
    let answer: (value: unknown) => void = () => {};
    shell.api.use({ 'POST /api/anon/check-in': () => new Promise((resolve) => (answer = resolve)) });
    renderPage(ok(), shell);
    await typeEndPart(user, '9013');
    expect(screen.getByRole('status')).toHaveTextContent('Just a moment...');
    expect(shell.api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/anon/check-in', json: { appointmentId: TOKEN, ssnEndPart: '9013' } });
    answer({ type: 'success', roomLocation: 'Huone 12' });
    expect(await screen.findByText('You have checked in')).toBeInTheDocument();
    expect(screen.getByText('Please go to: Huone 12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });

  test('a wrong end part: the message, the boxes emptied and focused again for another try', async () => {
    const user = userEvent.setup();
    const shell = createFakeShell({ user: null });
    shell.api.use({ 'POST /api/anon/check-in': { type: 'ssnEndPartMismatch' } });
    renderPage(ok(), shell);
    await typeEndPart(user, '901x');
    expect(await screen.findByRole('alert')).toHaveTextContent('The final part of the personal identity code is incorrect, check and try again');
    const first = screen.getByRole('textbox', { name: 'Character 1 of 4' });
    expect(first).toHaveValue('');
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
  });

  test('consent needed (either variant): a link to strong login and then the data-processing form', async () => {
    const user = userEvent.setup();
    const shell = createFakeShell({ user: null });
    shell.api.use({ 'POST /api/anon/check-in': { type: 'confidentialityFormNotFilledAsAdult' } });
    renderPage(ok(), shell);
    await typeEndPart(user, '9013');
    expect(await screen.findByRole('heading', { name: 'Accept the terms before checking in' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Identify yourself and accept the terms' }).getAttribute('href')).toMatch(/^\/en\/login\?nextPath=/);
  });

  test('a network error: the message with Try again (back to the boxes) and Go back (to Pending)', async () => {
    const user = userEvent.setup();
    const shell = createFakeShell({ user: null });
    shell.api.use({ 'POST /api/anon/check-in': () => { throw mockFailure({ kind: 'network' }); } });
    renderPage(ok(), shell);
    await typeEndPart(user, '9013');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('textbox', { name: 'Character 1 of 4' })).toBeInTheDocument();
    await user.keyboard('9013');
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Go back' }));
    expect(screen.getByRole('button', { name: 'Check in' })).toBeInTheDocument();
  });

  test('too many attempts (429) and a check-in failure each say what to do', async () => {
    const user = userEvent.setup();
    const shell = createFakeShell({ user: null });
    shell.api.use({ 'POST /api/anon/check-in': () => { throw mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests' }); } });
    renderPage(ok(), shell);
    await typeEndPart(user, '9013');
    const locked = await screen.findByRole('alert');
    expect(locked).toHaveTextContent('Too many attempts. Please try again later, check in at the reception, or log in to check in from your appointments.');
    // issue 27: sign-in, back to the signed-in appointment page, where check-in needs no end part
    expect(within(locked).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/en/login?nextPath=${encodeURIComponent('/en/appointment/100042')}`);
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    shell.api.use({ 'POST /api/anon/check-in': { type: 'unknownError' } });
    await typeEndPart(user, '9013');
    expect(await screen.findByRole('alert')).toHaveTextContent('Check-in failed. Please see the receptionist nurse when checking in to your appointment');
  });

  test.each([
    ['fi', 'Liian monta yritystä. Yritä myöhemmin uudelleen, ilmoittaudu vastaanotossa tai kirjaudu sisään ja ilmoittaudu varauksistasi.', 'Kirjaudu sisään', '/fi/kirjaudu'],
    ['sv', 'För många försök. Försök igen senare, anmäl dig i receptionen eller logga in och anmäl dig via dina bokningar.', 'Logga in', '/sv/logga-in'],
  ] as const)('too many attempts in %s: the message and the sign-in option', async (lang, text, login, loginPath) => {
    const user = userEvent.setup();
    const shell = createFakeShell({ user: null, lang });
    shell.api.use({ 'POST /api/anon/check-in': () => { throw mockFailure({ kind: 'http', status: 429, type: 'TooManyRequests' }); } });
    renderPage(ok(), shell);
    await user.click(screen.getByRole('button', { name: lang === 'fi' ? 'Ilmoittaudu' : 'Anmäl dig' }));
    await user.keyboard('9013');
    const locked = await screen.findByRole('alert');
    expect(locked).toHaveTextContent(text);
    expect(within(locked).getByRole('link', { name: login })).toHaveAttribute('href', expect.stringMatching(new RegExp(`^${loginPath}\\?nextPath=`)));
  });

  test('already checked in: the page opens on the checked-in screen', () => {
    renderPage(ok({ isCheckedIn: true, selfCheckInStatus: 'other', roomLocation: null, mayCancel: false }));
    expect(screen.getByText('You have checked in')).toBeInTheDocument();
    expect(screen.getByText('Please see the reception.')).toBeInTheDocument();
  });

  test('not found: try again, make a new appointment or log in (in Finnish)', async () => {
    const user = userEvent.setup();
    const shell = renderPage({ status: 'appointment-not-found' }, createFakeShell({ user: null, lang: 'fi' }));
    expect(screen.getByText('Ajanvarausta ei löytynyt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Varaa uusi aika' })).toHaveAttribute('href', '/fi/ajanvaraus');
    expect(screen.getByRole('link', { name: 'Kirjaudu sisään' })).toHaveAttribute('href', `/fi/kirjaudu?nextPath=${encodeURIComponent('/fi/ajanvaraukset')}`);
    await user.click(screen.getByRole('button', { name: 'Yritä uudelleen' }));
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { token: TOKEN }, expect.any(AbortSignal));
  });

  test('cancelled: says so and offers a new booking (in Swedish)', () => {
    renderPage({ status: 'appointment-cancelled' }, createFakeShell({ user: null, lang: 'sv' }));
    expect(screen.getByText('Tidsbokningen avbokad')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Boka en ny tid' })).toHaveAttribute('href', '/sv/tidsbokning');
  });
});
