import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteDefinitionInput, VaccinationListItem, VaccinationsPageState } from '@portal/shared-api';
import { routeTableFor } from '@portal/shared-ui/test-utils';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createFakeShell, pageState, renderWithShell, routeTable } from '../../../test/shell-fake';
import { VaccinationsPage } from './VaccinationsPage';

function vaccination(index: number, overrides: Partial<VaccinationListItem> = {}): VaccinationListItem {
  return {
    id: String(index),
    vaccineName: `Vaccine ${index}`,
    date: addDays('2026-06-30', -index * 30),
    dose: '0,5 ml',
    effectiveUntil: null,
    practitionerName: 'Tiina Mattila',
    practitionerPictureUrl: null,
    ...overrides,
  };
}

const many = (count: number): VaccinationsPageState => ({ vaccinations: Array.from({ length: count }, (_, index) => vaccination(index + 1)) });

describe('vaccinations page', () => {
  test('shows each vaccination: name, practitioner, date, dose and until when it protects', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValueOnce(
      pageState('records.vaccinations', {
        vaccinations: [
          vaccination(1, { vaccineName: 'Boostrix (dTpa)', effectiveUntil: addDays(helsinkiToday(), 400) }),
          vaccination(2, { vaccineName: 'Ticovac', effectiveUntil: addDays(helsinkiToday(), -5), practitionerName: null, dose: null }),
        ],
      }),
    );
    renderWithShell(<VaccinationsPage />, shell);
    expect(shell.loadPage).toHaveBeenCalledWith('records.vaccinations', {}, expect.any(AbortSignal));
    const list = await screen.findByRole('list', { name: 'Vaccinations' });
    const [boostrix, ticovac] = within(list).getAllByRole('listitem');
    expect(boostrix).toHaveTextContent('Boostrix (dTpa)');
    expect(boostrix).toHaveTextContent('Tiina Mattila');
    expect(boostrix).toHaveTextContent('31 May 2026');
    expect(boostrix).toHaveTextContent('Dose 0,5 ml');
    expect(boostrix).toHaveTextContent('Valid until');
    expect(within(boostrix as HTMLElement).getByTestId('avatar-initials')).toHaveTextContent('TM');
    // given elsewhere: no practitioner, a neutral avatar; passed: not valid
    expect(ticovac).toHaveTextContent('Ticovac');
    expect(ticovac).toHaveTextContent('Not valid');
    expect(within(ticovac as HTMLElement).getByTestId('avatar-placeholder')).toBeInTheDocument();
  });

  test('25 per page with the shared pagination', async () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.vaccinations', many(27)));
    renderWithShell(<VaccinationsPage />, shell);
    expect(within(screen.getByRole('list', { name: 'Vaccinations' })).getAllByRole('listitem')).toHaveLength(25);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    const second = within(screen.getByRole('list', { name: 'Vaccinations' })).getAllByRole('listitem');
    expect(second).toHaveLength(2);
    expect(second[0]).toHaveTextContent('Vaccine 26');
    expect(within(pagination).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('one page needs no pagination', () => {
    const shell = createFakeShell();
    shell.takeInitialPageState.mockReturnValue(pageState('records.vaccinations', many(25)));
    renderWithShell(<VaccinationsPage />, shell);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test('without the booking page, booking is by phone: customer service at 010 380 3838', () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockReturnValue(pageState('records.vaccinations', { vaccinations: [] }));
    renderWithShell(<VaccinationsPage />, shell);
    expect(screen.getByText(/Varaa rokotusaika soittamalla asiakaspalveluun/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '010 380 3838' })).toHaveAttribute('href', 'tel:+358103803838');
    expect(screen.getByText(/Puhelut 010-numeroihin/)).toBeInTheDocument();
    expect(screen.getByText('Sinulla ei ole rokotuksia.')).toBeInTheDocument();
  });

  test('with the booking page in the route table, a link books a vaccination through the shell', async () => {
    const booking: RouteDefinitionInput[] = [{ id: 'booking.vaccination', paths: { fi: 'ajanvaraus/rokotus', sv: 'tidsbokning/vaccinering', en: 'booking/vaccination' }, kind: 'logged-in' }];
    const shell = createFakeShell({ routes: [...routeTable, ...routeTableFor('mf-booking', booking).slice(1)] });
    shell.takeInitialPageState.mockReturnValue(pageState('records.vaccinations', many(1)));
    renderWithShell(<VaccinationsPage />, shell);
    const link = screen.getByRole('link', { name: 'Book a vaccination' });
    expect(link).toHaveAttribute('href', '/en/booking/vaccination');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/booking/vaccination');
    expect(screen.queryByText(/010 380 3838/)).not.toBeInTheDocument();
  });

  test('a load error offers a retry', async () => {
    const shell = createFakeShell({ lang: 'sv' });
    shell.loadPage.mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(pageState('records.vaccinations', many(1)));
    renderWithShell(<VaccinationsPage />, shell);
    await userEvent.click(await screen.findByRole('button', { name: 'Försök igen' }));
    expect(await screen.findByRole('list', { name: 'Vaccinationer' })).toBeInTheDocument();
  });
});
