import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { RegistrationPageState } from '@portal/shared-api';
import { createMockApiClient, mockFailure, type MockApiClient, type MockRequest } from '@portal/shared-api/mock';
import { bookingLandingRoute, createFakeShell, pageState, renderWithShell, routeTable, type FakeShell } from '../../../test/shell-fake';
import { RegistrationPage } from './RegistrationPage';

// Typing whole forms with user-event takes several seconds on a busy machine.
jest.setTimeout(30_000);

const ROUTE = 'account.registration';
const REGISTER = 'POST /api/user/register';

const pekka = (): RegistrationPageState => ({
  registered: false,
  subject: { kind: 'self', maskedIdentityCode: '050575Y****', firstName: 'Pekka', lastName: 'Laine' },
  contact: { streetAddress: '', zipCode: '', postOffice: '', emailAddress: '', phoneNumber: '' },
  guardians: [],
});

const sanni = (): RegistrationPageState => ({
  registered: false,
  subject: { kind: 'ward', maskedIdentityCode: '120519A****', firstName: 'Sanni', lastName: 'Nieminen' },
  contact: { streetAddress: '', zipCode: '', postOffice: '', emailAddress: '', phoneNumber: '' },
  guardians: [
    {
      name: 'Leena Nieminen',
      phone: '+358 44 555 0303',
      emailAddress: '',
      isGuardianHasSameAddress: true,
      streetAddress: '',
      zipCode: '',
      postOffice: '',
    },
  ],
});

function renderPage(state: RegistrationPageState | undefined, client: MockApiClient = createMockApiClient()): { shell: FakeShell; client: MockApiClient } {
  const shell = createFakeShell({ routes: [...routeTable, bookingLandingRoute] });
  shell.api = client;
  if (state) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/registration" element={<RegistrationPage />} />
    </Routes>,
    shell,
    '/en/registration',
  );
  return { shell, client };
}

const field = (name: string, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name });
const registerButton = () => screen.getByRole('button', { name: 'Register' });
const guardianBox = (number: number) => screen.getByRole('group', { name: `Guardian ${number}` });
const registerCalls = (client: MockApiClient): MockRequest[] => client.calls.filter((call) => `${call.method} ${call.path}` === REGISTER);

/** The first group: the person's own (or the child's) information. */
const ownGroup = () => screen.getByRole('group', { name: /^(Your information|Child's information)$/ });

async function fillContact() {
  const own = ownGroup();
  await userEvent.type(field('Street address', own), 'Mannerheimintie 10');
  await userEvent.type(field('Postal code', own), '00100');
  await userEvent.type(field('Post office', own), 'Helsinki');
  await userEvent.type(within(own).getByRole('textbox', { name: /^Phone number/ }), '040 123 4567');
  await userEvent.type(field('Email', own), 'pekka@example.fi');
}

describe('registration page for oneself', () => {
  test('loads its state with a spinner, then shows the masked identity code and the names to fill in', async () => {
    const { shell } = renderPage(undefined);
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, {}, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 1, name: 'Registration' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  test('shows the identity code masked (static), the names prefilled and required, every contact field empty', () => {
    renderPage(pekka());
    const own = screen.getByRole('group', { name: 'Your information' });
    expect(within(own).getByText('Personal identity code').nextElementSibling).toHaveTextContent('050575Y****');
    expect(within(own).queryByRole('textbox', { name: /identity/i })).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue('Pekka');
    expect(field('First name')).toBeRequired();
    expect(field('First name')).toBeEnabled();
    expect(field('Last name')).toHaveValue('Laine');
    for (const name of ['Street address', 'Postal code', 'Post office', 'Email']) expect(field(name)).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Guardians' })).not.toBeInTheDocument();
  });

  test("shows every field's message when it is left, and a 'Check …' line naming them all on register", async () => {
    const { client } = renderPage(pekka());
    await userEvent.clear(field('First name'));
    await userEvent.tab();
    expect(field('First name')).toHaveAccessibleDescription('Required');
    await userEvent.type(field('Street address'), 'A');
    await userEvent.type(field('Postal code'), '12a');
    await userEvent.type(field('Post office'), 'B');
    await userEvent.type(screen.getByRole('textbox', { name: /^Phone number/ }), '12');
    await userEvent.type(field('Email'), 'pekka@');
    await userEvent.tab();
    expect(field('Street address')).toHaveAccessibleDescription('Enter a street address of 2 to 30 characters.');
    expect(field('Postal code')).toHaveAccessibleDescription('The postal code must be 5 digits and can only contain numbers.');
    expect(field('Post office')).toHaveAccessibleDescription('Enter a post office of 2 to 30 characters.');
    expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveAccessibleDescription(
      'For example 040 123 4567 or +358 40 123 4567 Please provide a phone number',
    );
    expect(field('Email')).toHaveAccessibleDescription('Your email address is invalid.');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(registerButton());
    expect(await screen.findByText('Check first name, street address, postal code, post office, phone number and email')).toBeInTheDocument();
    expect(registerCalls(client)).toHaveLength(0);
  });

  test('a short name gets the name rule; the phone number is written +358 without spaces when left', async () => {
    renderPage(pekka());
    await userEvent.clear(field('Last name'));
    await userEvent.type(field('Last name'), 'L');
    await userEvent.tab();
    expect(field('Last name')).toHaveAccessibleDescription('Enter 2 to 50 characters.');
    const phone = screen.getByRole('textbox', { name: /^Phone number/ });
    await userEvent.type(phone, '040 123 4567');
    await userEvent.tab();
    expect(phone).toHaveValue('+358401234567');
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  test('registers with trimmed values, no guardians, then confirms and offers booking and the front page', async () => {
    const client = createMockApiClient({ [REGISTER]: { type: 'success', patient: { firstName: 'Pekka', lastName: 'Laine', registered: true } } });
    renderPage(pekka(), client);
    await fillContact();
    await userEvent.type(field('Street address'), '  ');
    await userEvent.click(registerButton());
    expect(await screen.findByText('You are now registered as our customer.')).toBeInTheDocument();
    const [call] = registerCalls(client);
    expect(call?.json).toEqual({
      firstName: 'Pekka',
      lastName: 'Laine',
      streetAddress: 'Mannerheimintie 10',
      zipCode: '00100',
      postOffice: 'Helsinki',
      phoneNumber: '+358401234567',
      emailAddress: 'pekka@example.fi',
      language: 'en',
    });
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/en/booking');
    expect(screen.getByRole('link', { name: 'Go to the front page' })).toHaveAttribute('href', '/en');
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  test("the server's 400 answer is shown at the fields its paths name, and typing there clears it", async () => {
    const client = createMockApiClient({
      [REGISTER]: mockFailure({ kind: 'validation', details: [{ path: 'zipCode', message: 'account.contact.error.postal-code' }] }),
    });
    renderPage(pekka(), client);
    await fillContact();
    await userEvent.click(registerButton());
    expect(await screen.findByText('Check postal code')).toBeInTheDocument();
    expect(field('Postal code')).toHaveAccessibleDescription('The postal code must be 5 digits and can only contain numbers.');
    await userEvent.clear(field('Postal code'));
    await userEvent.type(field('Postal code'), '00200');
    expect(field('Postal code')).not.toHaveAttribute('aria-invalid');
  });

  test('a failure says so, focused, keeps what was typed, and reports it; a network error says network error', async () => {
    const client = createMockApiClient({ [REGISTER]: mockFailure({ kind: 'http', status: 500 }) });
    const { shell } = renderPage(pekka(), client);
    await fillContact();
    await userEvent.click(registerButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong, please try again');
    expect(alert.parentElement).toHaveFocus();
    expect(field('Street address')).toHaveValue('Mannerheimintie 10');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'account-registration');

    client.use({ [REGISTER]: mockFailure({ kind: 'network' }) });
    await userEvent.click(registerButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });
});

describe('registration page for a guardian acting for a child', () => {
  test("heads the form with the child's information; the names are locked and not required", () => {
    renderPage(sanni());
    const child = screen.getByRole('group', { name: "Child's information" });
    expect(within(child).getByText('120519A****')).toBeInTheDocument();
    expect(field('First name', child)).toHaveValue('Sanni');
    expect(field('First name', child)).toBeDisabled();
    expect(field('First name', child)).not.toBeRequired();
    expect(field('Last name', child)).toBeDisabled();
    expect(field('Last name', child)).not.toBeRequired();
    expect(screen.getByRole('heading', { level: 2, name: 'Guardians' })).toBeInTheDocument();
    expect(field('Name', guardianBox(1))).toHaveValue('Leena Nieminen');
  });

  test('the first guardian cannot be removed; a second can be added (at most 2) and removed', async () => {
    renderPage(sanni());
    expect(within(guardianBox(1)).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a second guardian' }));
    expect(field('Name', guardianBox(2))).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add a second guardian' })).not.toBeInTheDocument();
    await userEvent.click(within(guardianBox(2)).getByRole('button', { name: 'Remove guardian 2' }));
    expect(screen.queryByRole('group', { name: 'Guardian 2' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add a second guardian' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Guardian 1' })).toBeInTheDocument();
  });

  test("'Same address as the child' hides the guardian's address fields; unticked, they are asked and checked", async () => {
    renderPage(sanni());
    const box = guardianBox(1);
    const same = within(box).getByRole('checkbox', { name: 'Same address as the child' });
    expect(same).toBeChecked();
    expect(within(box).queryByRole('textbox', { name: 'Street address' })).not.toBeInTheDocument();
    await userEvent.click(same);
    expect(field('Street address', box)).toBeRequired();
    await userEvent.type(field('Postal code', box), '1234');
    await userEvent.type(field('Street address', box), 'x');
    await userEvent.tab();
    expect(field('Postal code', box)).toHaveAccessibleDescription('5 digits, for example 00100 Zipcode length should be 5 and can only contain numbers');
    expect(field('Street address', box)).toHaveAccessibleDescription('Enter a street address of 2 to 30 characters.');
    await userEvent.click(same);
    expect(within(box).queryByRole('textbox', { name: 'Postal code' })).not.toBeInTheDocument();
  });

  test("every guardian field's message, and the 'Check …' line names the guardian", async () => {
    const { client } = renderPage(sanni());
    await userEvent.click(screen.getByRole('button', { name: 'Add a second guardian' }));
    const second = guardianBox(2);
    await userEvent.type(within(second).getByRole('textbox', { name: /^Phone number/ }), '12');
    await userEvent.type(field('Email', second), 'matti@');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Same address as the child' }));
    await fillContact();
    await userEvent.click(registerButton());
    expect(field('Name', second)).toHaveAccessibleDescription('Required');
    expect(within(second).getByRole('textbox', { name: /^Phone number/ })).toHaveAccessibleDescription(
      'For example 040 123 4567 or +358 40 123 4567 Please provide a phone number',
    );
    expect(field('Email', second)).toHaveAccessibleDescription('Your email address is invalid.');
    expect(field('Post office', second)).toHaveAccessibleDescription('Required');
    expect(
      await screen.findByText(
        'Check email of guardian 1, name of guardian 2, phone number of guardian 2, email of guardian 2, street address of guardian 2, postal code of guardian 2 and post office of guardian 2',
      ),
    ).toBeInTheDocument();
    expect(registerCalls(client)).toHaveLength(0);
  });

  test("registers the child with two guardians: no names in the body, the second guardian's own address", async () => {
    const client = createMockApiClient({ [REGISTER]: { type: 'success', patient: { firstName: 'Sanni', lastName: 'Nieminen', registered: true } } });
    renderPage(sanni(), client);
    await fillContact();
    await userEvent.type(field('Email', guardianBox(1)), 'leena@example.fi');
    await userEvent.click(screen.getByRole('button', { name: 'Add a second guardian' }));
    const second = guardianBox(2);
    await userEvent.type(field('Name', second), 'Matti Nieminen');
    await userEvent.type(within(second).getByRole('textbox', { name: /^Phone number/ }), '050 765 4321');
    await userEvent.type(field('Email', second), 'matti@example.fi');
    await userEvent.click(within(second).getByRole('checkbox', { name: 'Same address as the child' }));
    await userEvent.type(field('Street address', second), 'Toinenkatu 5');
    await userEvent.type(field('Postal code', second), '00200');
    await userEvent.type(field('Post office', second), 'Helsinki');
    await userEvent.click(registerButton());
    expect(await screen.findByText('Sanni Nieminen is now registered as our customer.')).toBeInTheDocument();
    const body = registerCalls(client)[0]?.json as Record<string, unknown>;
    expect(body).not.toHaveProperty('firstName');
    expect(body).not.toHaveProperty('lastName');
    expect(body.guardians).toEqual([
      { name: 'Leena Nieminen', phone: '+358 44 555 0303', emailAddress: 'leena@example.fi', isGuardianHasSameAddress: true },
      {
        name: 'Matti Nieminen',
        phone: '+358507654321',
        emailAddress: 'matti@example.fi',
        isGuardianHasSameAddress: false,
        streetAddress: 'Toinenkatu 5',
        zipCode: '00200',
        postOffice: 'Helsinki',
      },
    ]);
  });

  test("a server refusal of the guardians list is shown above the guardians", async () => {
    const client = createMockApiClient({
      [REGISTER]: mockFailure({ kind: 'validation', details: [{ path: 'guardians', message: 'account.registration.error.too-many-guardians' }] }),
    });
    renderPage(sanni(), client);
    await fillContact();
    await userEvent.type(field('Email', guardianBox(1)), 'leena@example.fi');
    await userEvent.click(registerButton());
    expect(await screen.findByText('You can give at most 2 guardians.')).toBeInTheDocument();
  });
});
