import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationPageState } from '@portal/shared-api';
import { createMockApiClient } from '@portal/shared-api/mock';
import { mountRemoteParcel } from '@portal/shared-ui/test-utils';
import { createFakeShell, pageState } from '../../test/shell-fake';
import * as parcel from './registration-form';

jest.setTimeout(30_000);

const state: RegistrationPageState = {
  registered: false,
  subject: { kind: 'self', maskedIdentityCode: '050575Y****', firstName: 'Pekka', lastName: 'Laine' },
  contact: { streetAddress: 'Kotikatu 1', zipCode: '00100', postOffice: 'Helsinki', emailAddress: 'pekka@example.fi', phoneNumber: '+358401234567' },
  guardians: [],
};

describe('./registration-form parcel', () => {
  test('reads the registration state, shows the form inline and calls onDone with the answer once registered', async () => {
    const shell = createFakeShell();
    const answer = { type: 'success', patient: { firstName: 'Pekka', lastName: 'Laine', registered: true } } as const;
    shell.api = createMockApiClient({ 'POST /api/user/register': answer });
    shell.loadPage.mockResolvedValue(pageState('account.registration', state));
    const onDone = jest.fn();
    await mountRemoteParcel(parcel, { shell, onDone });
    expect(await screen.findByRole('heading', { level: 2, name: 'Registration' })).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith('account.registration', {}, expect.any(AbortSignal));
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    await screen.findByRole('button', { name: 'Register' });
    expect(onDone).toHaveBeenCalledWith(answer);
  });
});
