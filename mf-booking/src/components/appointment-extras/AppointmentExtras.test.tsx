import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentDetail } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell } from '../../../test/shell-fake';
import { buildAppointment } from '../appointment-card/appointment-fixture';
import { AppointmentExtras } from './AppointmentExtras';

// the same appointment as the card's fixture, but with Anna Lahtinen in general practice, unpriced
const detail: AppointmentDetail = buildAppointment({
  id: '100042',
  startDate: '2026-11-30T08:00:00.000Z',
  clinic: { id: 'KA', name: 'Lääkärikeskus Kamppi', municipality: 'Helsinki', isRemote: false, address: { street: 'Malminkatu 3', postalCode: '00100', postOffice: 'Helsinki' }, arrivalInfoHtml: null },
  practitioner: { id: '1', name: 'Anna Lahtinen', title: 'General practitioner', isResource: false, profilePictureUrl: null },
  specialty: { id: 'YLE', title: 'General practice' },
  price: null,
});

function renderExtras(appointment: AppointmentDetail, joined: { joined: boolean; scope: 'practitioner' | 'specialty-municipality' | null } = { joined: false, scope: null }) {
  const shell = createFakeShell();
  shell.api.use({ 'GET /api/appointments/100042/waitlist': joined });
  renderWithShell(<AppointmentExtras appointment={appointment} />, shell);
  return shell;
}

describe('AppointmentExtras (beyond the spec: calendar, change time, earlier time)', () => {
  test('an upcoming cancellable appointment: the .ics link, change time in the shell, and the waitlist form', async () => {
    const user = userEvent.setup();
    const shell = renderExtras(detail);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/appointments/100042/calendar.ics?lang=en');
    const change = screen.getByRole('link', { name: 'Change time' });
    expect(change).toHaveAttribute('href', '/en/appointment/100042/change-time');
    await user.click(change);
    expect(shell.navigate).toHaveBeenCalledWith('/en/appointment/100042/change-time');

    const waitlist = screen.getByRole('region', { name: 'Tell me of an earlier time' });
    expect(await within(waitlist).findByRole('radio', { name: 'With Anna Lahtinen' })).toBeChecked();
    await user.click(within(waitlist).getByRole('radio', { name: 'Any practitioner of General practice in Helsinki' }));
    shell.api.use({ 'POST /api/appointments/100042/waitlist': ({ json }: { json: unknown }) => ({ joined: true, scope: (json as { scope: string }).scope }) });
    await user.click(within(waitlist).getByRole('button', { name: 'Notify me' }));
    expect(await within(waitlist).findByText('You will get a text message if an earlier time becomes free.')).toBeInTheDocument();
    expect(shell.api.calls.at(-1)).toMatchObject({ method: 'POST', json: { scope: 'specialty-municipality' } });
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'success', text: 'We will tell you of an earlier time.' });
  });

  test('joined: says so, and stopping leaves the waitlist; a failure is a toast and keeps the state', async () => {
    const user = userEvent.setup();
    const shell = renderExtras(detail, { joined: true, scope: 'practitioner' });
    const stop = await screen.findByRole('button', { name: 'Stop notifications' });
    shell.api.use({ 'DELETE /api/appointments/100042/waitlist': () => { throw mockFailure({ kind: 'network' }); } });
    await user.click(stop);
    expect(shell.toasts.show).toHaveBeenCalledWith({ kind: 'error', text: 'Something went wrong. Please try again.' });
    expect(screen.getByRole('button', { name: 'Stop notifications' })).toBeInTheDocument();
    shell.api.use({ 'DELETE /api/appointments/100042/waitlist': { joined: false, scope: null } });
    await user.click(screen.getByRole('button', { name: 'Stop notifications' }));
    expect(await screen.findByRole('button', { name: 'Notify me' })).toBeInTheDocument();
  });

  test('inside the cancellation window: only the calendar file, and no waitlist call', () => {
    const shell = renderExtras({ ...detail, mayCancel: false, withinCancellationWindow: true });
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tell me of an earlier time' })).not.toBeInTheDocument();
    expect(shell.api.calls).toEqual([]);
  });

  test('a cancelled or checked-in appointment has no extras', () => {
    const { unmount } = renderWithShell(<AppointmentExtras appointment={{ ...detail, isCancelled: true }} />);
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    unmount();
    renderWithShell(<AppointmentExtras appointment={{ ...detail, hasAppointeeCanceled: true }} />);
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    renderWithShell(<AppointmentExtras appointment={{ ...detail, selfCheckInStatus: 'CheckedIn' }} />);
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});
