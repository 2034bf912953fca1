import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { buildAppointment } from '../../components/appointment-card/appointment-fixture';
import { AppointmentsPage } from './AppointmentsPage';

const ROUTE = 'booking.appointments';

function renderList(state: unknown, shell: FakeShell = createFakeShell()) {
  if (state !== undefined) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state) : null));
  renderWithShell(<AppointmentsPage />, shell);
  return shell;
}

describe('appointments list (spec part 2 §2.1 "Appointments")', () => {
  test('the intro with the cancellation hours, the book button, and each appointment soonest first opening its page', async () => {
    const shell = renderList({
      cancellationHours: 24,
      appointments: [
        buildAppointment({ id: '1', startDate: '2026-11-25T06:00:00.000Z' }),
        buildAppointment({ id: '2', startDate: '2026-12-02T14:15:00.000Z', isRemote: true, isVideo: true, kindId: 'VETA', kind: 'Video appointment', specialty: { id: 'YLE', title: 'General practice' }, clinic: { ...buildAppointment().clinic, id: 'RMT', name: 'Etävastaanotto', isRemote: true, address: null, arrivalInfoHtml: null } }),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeInTheDocument();
    expect(screen.getByText('You can cancel an appointment online when at least 24 hours remain before it starts.')).toBeInTheDocument();
    const book = screen.getByRole('link', { name: 'Book an appointment' });
    expect(book).toHaveAttribute('href', '/en/booking');

    const cards = within(screen.getByRole('list', { name: 'Upcoming appointments' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Endocrinology', 'General practice']);
    expect(within(cards[0]!).getByText('25 November 2026 at 8:00')).toHaveAttribute('datetime', '2026-11-25T06:00:00.000Z');
    expect(cards[0]).toHaveTextContent('Pertti Rantanen');
    expect(cards[0]).toHaveTextContent('Malminkatu 3, 00100 Helsinki');
    expect(cards[0]).toHaveTextContent('from €101.90');
    expect(within(cards[0]!).getByTestId('avatar-initials')).toHaveTextContent('PR');
    expect(cards[1]).toHaveTextContent('Video appointment');
    expect(cards[1]).not.toHaveTextContent('Etävastaanotto');

    const open = within(cards[1]!).getByRole('link', { name: 'General practice' });
    expect(open).toHaveAttribute('href', '/en/appointment/2');
    await userEvent.click(open);
    expect(shell.navigate).toHaveBeenCalledWith('/en/appointment/2');
  });

  test('an appointment the provider cancelled carries the notice', () => {
    renderList({ cancellationHours: 24, appointments: [buildAppointment({ hasAppointeeCanceled: true, mayCancel: false, selfCheckInStatus: 'NotAvailable' })] });
    expect(screen.getByRole('article')).toHaveTextContent('The clinic has cancelled this appointment.');
  });

  test("no appointments: 'No appointments' and still the book button (in Finnish)", () => {
    renderList({ cancellationHours: 24, appointments: [] }, createFakeShell({ lang: 'fi' }));
    expect(screen.getByRole('heading', { name: 'Ei ajanvarauksia' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Varaa aika' })).toHaveAttribute('href', '/fi/ajanvaraus');
    expect(screen.getByText('Voit perua ajan verkossa, kun sen alkuun on vähintään 24 tuntia.')).toBeInTheDocument();
  });

  test('loading, then a failure with a retry that loads it', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(mockFailure({ kind: 'network' })).mockResolvedValueOnce(pageState(ROUTE, { cancellationHours: 24, appointments: [buildAppointment()] }));
    renderList(undefined, shell);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, {}, expect.any(AbortSignal));
  });
});
