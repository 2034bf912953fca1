import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeShell, pageState, renderWithShell, routeTable } from '../../../test/shell-fake';
import { loginRoute } from '../private-list/search-fixtures';
import { OccupationalVaccinationPage } from './OccupationalVaccinationPage';

function renderPage(state: unknown, path = '/en/occupational-healthcare/influenza-vaccination') {
  const shell = createFakeShell({ routes: [...routeTable, loginRoute] });
  shell.takeInitialPageState.mockReturnValue(pageState('booking.occupational-vaccination', state));
  return renderWithShell(<OccupationalVaccinationPage />, shell, path);
}

describe('occupational influenza vaccination page (spec part 2 §6, §8 "Vaccination")', () => {
  test('unauthorized: a sign-in prompt that comes back to this page', () => {
    renderPage({ status: 'unauthorized' }, '/en/occupational-healthcare/influenza-vaccination?utm=mail');
    expect(screen.getByRole('heading', { level: 1, name: 'Influenza vaccination' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/en/login?nextPath=${encodeURIComponent('/en/occupational-healthcare/influenza-vaccination?utm=mail')}`,
    );
  });

  test('no occupational health care: the message with the customer service phone', () => {
    renderPage({ status: 'no-occupational-healthcare', customerServicePhone: '010 380 3838' });
    expect(screen.getByText(/Unfortunately, we could not find your occupational health care contract/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 380 3838' })).toHaveAttribute('href', 'tel:0103803838');
  });

  test('vaccinations included: the button to the occupational search of the vaccination specialties', async () => {
    const { shell } = renderPage({ status: 'ok', vaccinationsIncluded: true, specialtyIds: ['INFL', 'ROKT'], customerServicePhone: '010 380 3838' });
    const book = screen.getByRole('link', { name: 'Book an influenza vaccination' });
    expect(book).toHaveAttribute('href', '/en/booking/occupational-healthcare?specialtyIds=INFL&specialtyIds=ROKT');
    await userEvent.click(book);
    expect(shell.navigate).toHaveBeenCalledWith('/en/booking/occupational-healthcare?specialtyIds=INFL&specialtyIds=ROKT');
  });

  test("not included: 'Sorry!' and that vaccinations are not yet included", () => {
    renderPage({ status: 'ok', vaccinationsIncluded: false, specialtyIds: ['INFL'], customerServicePhone: '010 380 3838' });
    expect(screen.getByText('Sorry!')).toBeInTheDocument();
    expect(screen.getByText('Vaccinations are not yet included in your contract.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book an influenza vaccination' })).not.toBeInTheDocument();
  });
});
