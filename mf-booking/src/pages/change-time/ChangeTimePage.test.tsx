import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ChangeTimeSlot } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { ChangeTimePage } from './ChangeTimePage';
import { movableAppointment } from './test-fixtures';

const ROUTE = 'booking.change-time';

const current = movableAppointment;

const slot = (id: number, startDate: string, overrides: Partial<ChangeTimeSlot> = {}): ChangeTimeSlot => ({
  id: String(id),
  startDate,
  durationMinutes: 30,
  clinic: { id: 'KA', name: 'Lääkärikeskus Kamppi', municipality: 'Helsinki', isRemote: false },
  isRemote: false,
  isVideo: false,
  ...overrides,
});

const first = slot(1, '2026-12-01T07:00:00.000Z');
const second = slot(2, '2026-12-02T12:30:00.000Z', { isRemote: true, clinic: { id: 'RMT', name: 'Etävastaanotto', municipality: 'Helsinki', isRemote: true } });

function renderPage(state: unknown, shell: FakeShell = createFakeShell()) {
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state, { id: '100042' }) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/appointment/:id/change-time" element={<ChangeTimePage />} />
    </Routes>,
    shell,
    `/${shell.lang}/appointment/100042/change-time`,
  );
  return shell;
}

describe('change time (beyond the spec)', () => {
  test('the current time and the free times; choose, confirm, then the new appointment page with a toast', async () => {
    const user = userEvent.setup();
    const shell = renderPage({ status: 'ok', appointment: current, slots: [first, second], hasMore: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Change time' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Current time' })).getByText('10 December 2026 at 10:00')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Free times' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['1 December 2026 at 9:00Lääkärikeskus Kamppi · 30 minChoose', '2 December 2026 at 14:30Remote appointment · 30 minChoose']);
    expect(screen.getByRole('link', { name: 'Back to the appointment' })).toHaveAttribute('href', '/en/appointment/100042');

    await user.click(screen.getByRole('button', { name: 'Choose 2 December 2026 at 14:30' }));
    expect(screen.getByRole('heading', { name: 'Move the appointment to 2 December 2026 at 14:30?' })).toHaveFocus();
    shell.api.use({ 'POST /api/appointments/100042/change-time': { type: 'success', appointmentId: '100077' } });
    await user.click(screen.getByRole('button', { name: 'Move the appointment' }));
    expect(shell.api.calls.at(-1)).toMatchObject({ method: 'POST', json: { slotId: '2' } });
    expect(shell.navigate).toHaveBeenCalledWith('/en/appointment/100077');
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'success', text: 'Your appointment was moved to 2 December 2026 at 14:30.' });
  });

  test('a time someone else took: the warning, the time gone from the list, the old appointment kept', async () => {
    const user = userEvent.setup();
    const shell = renderPage({ status: 'ok', appointment: current, slots: [first, second], hasMore: false });
    await user.click(screen.getByRole('button', { name: 'Choose 1 December 2026 at 9:00' }));
    shell.api.use({ 'POST /api/appointments/100042/change-time': { type: 'appointmentNotAvailable' } });
    await user.click(screen.getByRole('button', { name: 'Move the appointment' }));
    expect(await screen.findByText('The appointment has already been reserved. Choose another time.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Free times' })).getAllByRole('listitem')).toHaveLength(1);
    expect(shell.navigate).not.toHaveBeenCalled();
  });

  test('choosing another time returns to the list; a network error keeps the choice and says so', async () => {
    const user = userEvent.setup();
    const shell = renderPage({ status: 'ok', appointment: current, slots: [first], hasMore: false });
    await user.click(screen.getByRole('button', { name: 'Choose 1 December 2026 at 9:00' }));
    shell.api.use({ 'POST /api/appointments/100042/change-time': () => { throw mockFailure({ kind: 'network' }); } });
    await user.click(screen.getByRole('button', { name: 'Move the appointment' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose another time' }));
    expect(screen.getByRole('heading', { name: 'Free times' })).toHaveFocus();
  });

  test('show more asks the next 20 from the current offset', async () => {
    const user = userEvent.setup();
    const shell = renderPage({ status: 'ok', appointment: current, slots: [first], hasMore: true });
    shell.api.use({ 'GET /api/appointments/100042/change-time/slots': { slots: [second], hasMore: false } });
    await user.click(screen.getByRole('button', { name: 'Show more times' }));
    expect(await screen.findByRole('button', { name: 'Choose 2 December 2026 at 14:30' })).toBeInTheDocument();
    expect(shell.api.calls.at(-1)).toMatchObject({ method: 'GET', searchParams: { offset: '1' } });
    expect(screen.queryByRole('button', { name: 'Show more times' })).not.toBeInTheDocument();
  });

  test('no other free times, the window refusal with the phone, and not found', () => {
    const { unmount } = renderWithShellState({ status: 'ok', appointment: current, slots: [], hasMore: false });
    expect(screen.getByText('There are no other free times with Anna Lahtinen in the next four weeks.')).toBeInTheDocument();
    unmount();
    const second = renderWithShellState({ status: 'deadline-exceeded', appointment: current, cancellationHours: 24 });
    expect(screen.getByText(/The time can no longer be changed online, because the appointment is in less than 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 000 0000' })).toHaveAttribute('href', 'tel:0100000000');
    second.unmount();
    renderWithShellState({ status: 'appointment-not-found' });
    expect(screen.getByText('The appointment was not found, or its time can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All appointments' })).toHaveAttribute('href', '/en/appointments');
  });
});

function renderWithShellState(state: unknown) {
  const shell = createFakeShell();
  shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state, { id: '100042' }) : null));
  return renderWithShell(
    <Routes>
      <Route path="/:lang/appointment/:id/change-time" element={<ChangeTimePage />} />
    </Routes>,
    shell,
    '/en/appointment/100042/change-time',
  );
}
