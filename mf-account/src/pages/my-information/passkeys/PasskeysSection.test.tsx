import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSKEY_REGISTRATION_OPTIONS_PATH, PASSKEYS_PATH, passkeyPath, type Passkey, type PasskeyRegistrationOptions } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell, type FakeShell } from '../../../../test/shell-fake';
import { PasskeysSection } from './PasskeysSection';
import { createPasskey, PasskeyCeremonyError } from './webauthn';
import type * as Webauthn from './webauthn';

// the browser's WebAuthn dialog is the browser's: here only what the section does with its outcome
jest.mock('./webauthn', () => {
  const actual = jest.requireActual<typeof Webauthn>('./webauthn');
  return { ...actual, createPasskey: jest.fn() };
});
const create = jest.mocked(createPasskey);

jest.setTimeout(20_000);

const phone: Passkey = { id: '6f1c2a54-8d0e-4c47-9a55-0f4a2b3c4d5e', name: 'Phone', createdAt: '2026-03-01T22:30:00.000Z', lastUsedAt: null };
const laptop: Passkey = { id: '0b6d7a10-3f2e-4a4b-8c9d-1e2f3a4b5c6d', name: 'Work laptop', createdAt: '2026-01-10T08:00:00.000Z', lastUsedAt: '2026-04-30T21:15:00.000Z' };

const options: PasskeyRegistrationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Potilasportaali', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'Mikko Virtanen', displayName: 'Mikko Virtanen' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 300_000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
};
const credential = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

function show(passkeys: Passkey[], lang: 'en' | 'fi' | 'sv' = 'en'): FakeShell {
  const shell = createFakeShell({ lang });
  shell.api.use({ [`POST ${PASSKEY_REGISTRATION_OPTIONS_PATH}`]: { options } });
  renderWithShell(<PasskeysSection initial={passkeys} />, shell);
  return shell;
}

const section = () => screen.getByRole('region', { name: 'Passkeys' });

beforeEach(() => create.mockReset());

describe('Passkeys in My information (issue 33)', () => {
  test('lists each passkey with its name, creation and last use in Helsinki dates', () => {
    show([laptop, phone]);
    const items = within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent('Added 10 January 2026 · last used 1 May 2026');
    // 22.30 UTC on 1 March is already 2 March in Helsinki
    expect(items[1]).toHaveTextContent('Added 2 March 2026 · not used yet');
    expect(within(items[1]!).getByRole('button', { name: 'Remove Phone' })).toBeInTheDocument();
  });

  test('without passkeys it says so, in Finnish too', () => {
    show([], 'fi');
    expect(screen.getByRole('heading', { level: 2, name: 'Pääsyavaimet' })).toBeInTheDocument();
    expect(screen.getByText('Sinulla ei ole vielä pääsyavaimia.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('adds a passkey with the given name: the browser makes it, the server keeps it, focus goes to the heading', async () => {
    const shell = show([laptop]);
    create.mockResolvedValue(credential);
    shell.api.use({
      [`POST ${PASSKEYS_PATH}`]: (request: MockRequest) => ({
        type: 'success',
        passkey: { ...phone, name: (request.json as { name: string }).name },
      }),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), '  Phone ');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    await screen.findByText('The passkey “Phone” was added.');
    expect(create).toHaveBeenCalledWith(options);
    expect(shell.api.calls.find((c) => c.method === 'POST' && c.path === PASSKEYS_PATH)?.json).toEqual({ name: 'Phone', credential });
    expect(within(section()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 2, name: 'Passkeys' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Name of the new passkey' })).toHaveValue('');
  });

  test('asks for a name before anything else', async () => {
    const shell = show([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    const name = screen.getByRole('textbox', { name: 'Name of the new passkey' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the passkey a name.'));
    expect(name).toHaveFocus();
    expect(shell.api.calls).toHaveLength(0);
    expect(create).not.toHaveBeenCalled();
  });

  test.each([
    ['cancelled', 'No passkey was added: it was cancelled or took too long.'],
    ['exists', 'This device already has a passkey for your account.'],
    ['unsupported', 'This browser cannot create passkeys.'],
  ] as const)('says why when the browser makes none (%s), and adds nothing', async (reason, text) => {
    const shell = show([]);
    create.mockRejectedValue(new PasskeyCeremonyError(reason));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), 'Phone');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(shell.api.calls.some((c) => c.path === PASSKEYS_PATH)).toBe(false);
    expect(shell.errors.report).not.toHaveBeenCalled();
  });

  test('a passkey the server refuses is not listed', async () => {
    const shell = show([]);
    create.mockResolvedValue(credential);
    shell.api.use({ [`POST ${PASSKEYS_PATH}`]: mockFailure({ kind: 'validation', details: [{ path: 'credential', message: 'The passkey could not be verified' }] }) });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), 'Phone');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey could not be verified. Try again.');
    expect(screen.getByText('You have no passkeys yet.')).toBeInTheDocument();
  });

  test('removes a passkey after confirming; cancelling keeps it and returns focus', async () => {
    const shell = show([laptop, phone]);
    shell.api.use({ [`DELETE ${passkeyPath(phone.id)}`]: { type: 'success' } });
    const remove = screen.getByRole('button', { name: 'Remove Phone' });
    await userEvent.click(remove);
    const confirm = screen.getByRole('button', { name: 'Remove passkey' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAccessibleDescription('Remove the passkey “Phone”? You can no longer use it to continue after your session has ended.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Remove Phone' })).toHaveFocus();
    expect(shell.api.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    await screen.findByText('The passkey “Phone” was removed.');
    expect(shell.api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE ${passkeyPath(phone.id)}`]);
    expect(within(section()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Passkeys' })).toHaveFocus();
  });
});
