import { screen } from '@testing-library/react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { createFakeShell, pageState, renderWithShell, routeTable } from '../../../test/shell-fake';
import { loginRoute } from '../private-list/search-fixtures';
import { OccupationalLandingPage } from './OccupationalLandingPage';

function AddressProbe() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search} ${useNavigationType()}`}</output>;
}

describe('occupational landing (spec part 2 §6, feature ohc-appointment-search)', () => {
  test('anonymous: a sign-in prompt back to the occupational search with the same query string', () => {
    const shell = createFakeShell({ user: null, routes: [...routeTable, loginRoute] });
    shell.takeInitialPageState.mockReturnValue(pageState('booking.occupational-landing', { signedIn: false }));
    renderWithShell(<OccupationalLandingPage />, shell, '/en/occupational-healthcare?specialtyIds=TTL');
    expect(screen.getByText(/Log in to book an appointment covered by your occupational health care agreement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/en/login?nextPath=${encodeURIComponent('/en/booking/occupational-healthcare?specialtyIds=TTL')}`,
    );
  });

  test('signed in: straight on to the occupational search, replacing this address', () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('booking.occupational-landing', { signedIn: true }));
    renderWithShell(
      <>
        <OccupationalLandingPage />
        <AddressProbe />
      </>,
      shell,
      '/en/occupational-healthcare?specialtyIds=TTL',
    );
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('/booking/occupational-healthcare?specialtyIds=TTL REPLACE');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
