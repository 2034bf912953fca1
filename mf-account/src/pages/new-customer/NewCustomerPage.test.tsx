import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { createMockApiClient, mockFailure } from '@portal/shared-api/mock';
import { bookingLandingRoute, createFakeShell, renderWithShell, routeTable, type FakeShell } from '../../../test/shell-fake';
import { NewCustomerPage } from './NewCustomerPage';
import { pageLoad } from './page-load';

function renderPage(shell: FakeShell) {
  renderWithShell(
    <Routes>
      <Route path="/:lang/new-customer" element={<NewCustomerPage />} />
      <Route path="/:lang/uusi-asiakas" element={<NewCustomerPage />} />
    </Routes>,
    shell,
    `/${shell.lang}/${shell.lang === 'fi' ? 'uusi-asiakas' : 'new-customer'}`,
  );
}

/** The composed table with the shell's login page, as the server composes it. */
const routes = [...routeTable, { ...routeTable[0]!, id: 'login', paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' }, kind: 'anonymous' as const }];

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
});
afterEach(() => assign.mockRestore());

describe('new customer page', () => {
  test('welcomes a customer with no events, with links to book online and to call the configured customer service', () => {
    const shell = createFakeShell({ user: null, routes: [...routes, bookingLandingRoute] });
    renderPage(shell);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome as our customer!' })).toBeInTheDocument();
    expect(screen.getByText(/You have no appointments or other events with us yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment online' })).toHaveAttribute('href', '/en/booking');
    const phone = shell.config.customerServicePhone;
    expect(screen.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/[^\d+]/g, '')}`);
    expect(screen.getByText('Calls to 010 numbers are charged at the normal local or mobile rate.')).toBeInTheDocument();
  });

  test('offers no booking link where the booking remote is not deployed (only the phone)', () => {
    renderPage(createFakeShell({ user: null, routes }));
    expect(screen.queryByRole('link', { name: 'Book an appointment online' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/^Call our customer service:/)).toBeInTheDocument();
  });

  test('in Finnish', () => {
    renderPage(createFakeShell({ user: null, lang: 'fi', routes: [...routes, bookingLandingRoute] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Tervetuloa asiakkaaksemme!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Varaa aika verkossa' })).toHaveAttribute('href', '/fi/ajanvaraus');
    expect(screen.getByRole('button', { name: 'Kirjaudu ulos' })).toBeInTheDocument();
  });

  test('log out ends the session when there is one, then goes to the login page', async () => {
    const shell = createFakeShell({ routes });
    shell.api = createMockApiClient({ 'POST /api/logout': { type: 'success' } });
    renderPage(shell);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(shell.api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/logout']);
    expect(assign).toHaveBeenCalledWith('/en/login');
  });

  test('without a session log out only goes to the login page', async () => {
    const shell = createFakeShell({ user: null, routes });
    shell.api = createMockApiClient();
    renderPage(shell);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(shell.api.calls).toEqual([]);
    expect(assign).toHaveBeenCalledWith('/en/login');
  });

  test('without JavaScript the log-out button posts a form to the server, with the session\'s csrfToken and the language', () => {
    const shell = createFakeShell({ lang: 'fi', routes });
    renderPage(shell);
    const form = screen.getByRole('button', { name: 'Kirjaudu ulos' }).closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', `/api/logout?csrfToken=${encodeURIComponent(shell.user!.csrfToken)}&lang=fi`);
  });

  test('without a session the form posts without a csrfToken (the server only sends it on to the login page)', () => {
    renderPage(createFakeShell({ user: null, routes }));
    expect(screen.getByRole('button', { name: 'Log out' }).closest('form')).toHaveAttribute('action', '/api/logout?lang=en');
  });

  test('log out by the keyboard (Enter on the focused button) takes the same way as a click', async () => {
    const shell = createFakeShell({ routes });
    shell.api = createMockApiClient({ 'POST /api/logout': { type: 'success' } });
    renderPage(shell);
    screen.getByRole('button', { name: 'Log out' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(shell.api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/logout']);
    expect(assign).toHaveBeenCalledWith('/en/login');
  });

  test('a failed log out says so and stays', async () => {
    const shell = createFakeShell({ routes });
    shell.api = createMockApiClient({ 'POST /api/logout': mockFailure({ kind: 'network' }) });
    renderPage(shell);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
  });
});
