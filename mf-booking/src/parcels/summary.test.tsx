import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountRemoteParcel } from '@portal/shared-ui/test-utils';
import { createFakeShell } from '../../test/shell-fake';
import * as parcel from './summary';

describe('booking front-page summary parcel', () => {
  test('lists the latest items under the remote’s heading, with a link to its page that navigates in the shell', async () => {
    const shell = createFakeShell();
    await mountRemoteParcel(parcel, { shell, summary: { totalCount: 5, items: [{ id: '1', title: 'First' }, { id: '2', title: 'Second' }] } });
    const block = screen.getByRole('region', { name: 'Booking' });
    expect(within(block).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First', 'Second']);
    const link = within(block).getByRole('link', { name: 'Show all' });
    expect(link).toHaveAttribute('href', '/en/booking');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/booking');
  });

  test('no items: the empty text (in Finnish)', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell({ lang: 'fi' }), summary: { totalCount: 0, items: [] } });
    expect(within(screen.getByRole('region', { name: 'Booking' })).getByText('Ei vielä näytettävää.')).toBeInTheDocument();
  });

  test('a summary that could not be read: an error in its place', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell(), summary: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('The information could not be loaded.');
  });
});
