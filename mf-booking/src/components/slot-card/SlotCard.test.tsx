import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, renderWithShell } from '../../../test/shell-fake';
import { slot } from '../../pages/private-list/search-fixtures';
import { initialsOf } from './PractitionerAvatar';
import { SlotCard } from './SlotCard';

describe('SlotCard (spec part 2 §3 "Appointment (slot lists)")', () => {
  test('initials of the first and last name', () => {
    expect(initialsOf('Anna-Liisa Virtanen')).toBe('AV');
    expect(initialsOf('  maria  de la cruz ')).toBe('MC');
    expect(initialsOf('Rokotuspiste')).toBe('R');
  });

  test('Finnish: weekday, date and time in Helsinki, remote badge, no price for other types; the link navigates through the shell', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    // 22:30 UTC on 30 November is 00:30 on 1 December in Helsinki
    renderWithShell(<SlotCard slot={slot(5, { startDate: '2026-11-30T22:30:00.000Z', isRemote: true })} href="/fi/vapaat-ajat/5?specialtyIds=PSY" />, shell);
    const card = screen.getByRole('article');
    const link = within(card).getByRole('link', { name: 'Tiistai 1.12.2026 0:30' });
    expect(card).toHaveTextContent('Etävastaanotto');
    expect(card).toHaveTextContent('30 min');
    expect(card).not.toHaveTextContent('alkaen');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/fi/vapaat-ajat/5?specialtyIds=PSY');
  });

  test('the price from without a breakdown when the server sent none (no price-details feature)', () => {
    renderWithShell(<SlotCard slot={slot(6, { price: { fromEuros: '52.90', lines: null } })} href="/en/available-appointments/6" />, createFakeShell({ lang: 'sv' }));
    expect(screen.getByText(/^från 52,90/)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
