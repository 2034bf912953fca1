import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountRemoteParcel } from '@portal/shared-ui/test-utils';
import { createFakeShell } from '../../test/shell-fake';
import * as parcel from './summary';

const items = [
  { id: '100001', startDate: '2026-11-24T10:20:00.000Z', practitionerName: 'Anna Lahtinen', specialty: 'General practice', clinicName: 'Lääkärikeskus Kamppi', isRemote: false },
  { id: '100004', startDate: '2026-12-02T14:15:00.000Z', practitionerName: 'Noora Hämäläinen', specialty: 'General practice', clinicName: 'Etävastaanotto', isRemote: true },
];

describe('booking front-page summary parcel (spec part 1 §2 front page)', () => {
  test('lists the upcoming appointments (time in Helsinki, practitioner, specialty, clinic or remote), each opening its page', async () => {
    const shell = createFakeShell();
    await mountRemoteParcel(parcel, { shell, summary: { totalCount: 2, items } });
    const block = screen.getByRole('region', { name: 'Upcoming appointments' });
    const entries = within(block).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('24 November 2026 at 12:20');
    expect(entries[0]).toHaveTextContent('Anna Lahtinen, General practice');
    expect(entries[0]).toHaveTextContent('Lääkärikeskus Kamppi');
    expect(entries[1]).toHaveTextContent('Remote appointment');
    expect(entries[1]).not.toHaveTextContent('Etävastaanotto');
    const first = within(entries[0]!).getByRole('link');
    expect(first).toHaveAttribute('href', '/en/appointment/100001');
    await userEvent.click(first);
    expect(shell.navigate).toHaveBeenCalledWith('/en/appointment/100001');
    expect(within(block).queryByText(/upcoming appointments$/)).not.toBeInTheDocument();
  });

  test('the footer link goes to all appointments in the shell; more than shown: the count', async () => {
    const shell = createFakeShell();
    await mountRemoteParcel(parcel, { shell, summary: { totalCount: 5, items } });
    const block = screen.getByRole('region', { name: 'Upcoming appointments' });
    expect(within(block).getByText('5 upcoming appointments')).toBeInTheDocument();
    const link = within(block).getByRole('link', { name: 'All appointments' });
    expect(link).toHaveAttribute('href', '/en/appointments');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/appointments');
  });

  test('no appointments: the empty text (in Finnish)', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell({ lang: 'fi' }), summary: { totalCount: 0, items: [] } });
    const block = screen.getByRole('region', { name: 'Tulevat ajanvaraukset' });
    expect(within(block).getByText('Sinulla ei ole tulevia ajanvarauksia.')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Kaikki ajanvaraukset' })).toHaveAttribute('href', '/fi/ajanvaraukset');
  });

  test('a summary that could not be read: an error in its place', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell(), summary: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Your appointments could not be loaded.');
  });
});
