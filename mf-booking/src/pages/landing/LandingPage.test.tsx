import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { LandingPage } from './LandingPage';

const allTypes = { customerTypes: ['private', 'insurance', 'occupational'] };

function renderLanding(path = '/en/booking', brand: 'adult' | 'children' = 'adult') {
  const shell = createFakeShell({ brand, lang: path.startsWith('/fi') ? 'fi' : 'en' });
  shell.takeInitialPageState.mockReturnValue(pageState('booking.landing', allTypes));
  return renderWithShell(<LandingPage />, shell, path);
}

describe('booking landing (spec part 2 §2.1)', () => {
  test('offers private, insurance and occupational on the adult brand; a choice goes to its list and is reported', async () => {
    const user = userEvent.setup();
    const { shell } = renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointment booking' })).toBeInTheDocument();
    const choices = screen.getAllByRole('listitem').map((item) => within(item).queryByRole('link')).filter(Boolean);
    expect(choices.map((link) => link?.getAttribute('href'))).toEqual([
      '/en/booking/private-customer',
      '/en/booking/insurance',
      '/en/booking/occupational-healthcare',
      '/fi/ajanvaraus',
      '/sv/tidsbokning',
    ]);
    await user.click(screen.getByRole('link', { name: /Insurance customer/ }));
    expect(shell.analytics.push).toHaveBeenCalledWith('customerTypeChosen', { healthcareType: 'insurance' });
    expect(shell.navigate).toHaveBeenCalledWith('/en/booking/insurance');
  });

  test('the children\'s brand offers no occupational choice', () => {
    renderLanding('/en/booking', 'children');
    expect(screen.getByRole('link', { name: /Private customer/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Occupational health care/ })).not.toBeInTheDocument();
  });

  test('carries the query string over to every choice and language; an app deep link\'s choice is not reported again', async () => {
    const user = userEvent.setup();
    const { shell } = renderLanding('/en/booking?specialtyIds=PSY&clinicIds=KA');
    expect(screen.getByRole('link', { name: /Private customer/ })).toHaveAttribute('href', '/en/booking/private-customer?specialtyIds=PSY&clinicIds=KA');
    expect(screen.getByRole('link', { name: /Occupational health care/ })).toHaveAttribute(
      'href',
      '/en/booking/occupational-healthcare?specialtyIds=PSY&clinicIds=KA',
    );
    const languages = screen.getByRole('navigation', { name: 'Booking in other languages' });
    expect(within(languages).getByRole('link', { name: 'Suomeksi' })).toHaveAttribute('href', '/fi/ajanvaraus?specialtyIds=PSY&clinicIds=KA');
    expect(within(languages).getByRole('link', { name: 'På svenska' })).toHaveAttribute('lang', 'sv');
    expect(within(languages).queryByRole('link', { name: 'In English' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Private customer/ }));
    expect(shell.navigate).toHaveBeenCalledWith('/en/booking/private-customer?specialtyIds=PSY&clinicIds=KA');
    expect(shell.analytics.push).not.toHaveBeenCalled();
  });

  test('Finnish texts and paths', () => {
    renderLanding('/fi/ajanvaraus');
    expect(screen.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Yksityisasiakas/ })).toHaveAttribute('href', '/fi/ajanvaraus/yksityisasiakas');
  });
});
