import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { RegistrationPageState } from '@portal/shared-api';
import { createMockApiClient } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { WelcomePage } from './WelcomePage';

jest.setTimeout(30_000);

const jukka: RegistrationPageState = {
  registered: true,
  subject: { kind: 'self', maskedIdentityCode: '240690-****', firstName: 'Jukka', lastName: 'Mäkinen' },
  contact: { streetAddress: 'Kotikatu 1', zipCode: '00100', postOffice: 'Helsinki', emailAddress: 'jukka@example.fi', phoneNumber: '+358401234567' },
  guardians: [],
};

function renderPage(state: RegistrationPageState | null) {
  const shell = createFakeShell();
  shell.api = createMockApiClient({ 'POST /api/user/register': { type: 'success', patient: { firstName: 'Jukka', lastName: 'Mäkinen', registered: true } } });
  if (state) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'account.welcome' ? pageState(routeId, state) : null));
  else shell.loadPage.mockRejectedValue(new Error('down'));
  renderWithShell(
    <Routes>
      <Route path="/:lang/welcome" element={<WelcomePage />} />
    </Routes>,
    shell,
    '/en/welcome',
  );
  return shell;
}

describe('first-time welcome page', () => {
  test("says 'Welcome!' and why, with the form (identity code, details) and its register button", () => {
    renderPage(jukka);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome!' })).toBeInTheDocument();
    expect(screen.getByText('It seems you are here for the first time, as you have no appointments or events yet.')).toBeInTheDocument();
    expect(screen.getByText('240690-****')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveValue('Kotikatu 1');
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  test('saving the details confirms it', async () => {
    const shell = renderPage(jukka);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are now registered as our customer.')).toBeInTheDocument();
    expect(shell.api.calls).toHaveLength(1);
  });

  test('a state that cannot be loaded shows the error view with a retry', async () => {
    renderPage(null);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
