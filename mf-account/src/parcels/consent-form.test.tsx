import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProcessingPageState } from '@portal/shared-api';
import { mountRemoteParcel } from '@portal/shared-ui/test-utils';
import { createFakeShell, pageState } from '../../test/shell-fake';
import * as consentFormParcel from './consent-form';

const state: DataProcessingPageState = {
  consent: {
    allowsCommonRegistry: true,
    allowsViewingOccupationalInformation: false,
    allowsMarketingMail: false,
    allowsTreatmentInstructionsMail: false,
    allowsBookingSms: true,
  },
  patientDataConsentFormUpdated: null,
  privacyPolicyUrl: 'https://www.example.fi/tietosuojaseloste',
};

describe('./consent-form parcel', () => {
  test('reads the consents from the data-processing loader, and calls onDone once they are saved', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockResolvedValue(pageState('account.data-processing', state));
    const answer = { type: 'success', consent: state.consent, patientDataConsentFormUpdated: '2026-11-24T06:00:00.000Z', patientDataConsent: 'ok' };
    shell.api.use({ 'POST /api/user/consent': answer });
    const onDone = jest.fn();
    await mountRemoteParcel(consentFormParcel, { shell, onDone });
    expect(shell.loadPage).toHaveBeenCalledWith('account.data-processing', {}, expect.any(AbortSignal));
    expect(await screen.findByRole('heading', { level: 2, name: 'Processing of patient data' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'My patient data may be viewed in the joint patient register of the healthcare provider' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read the privacy policy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onDone).toHaveBeenCalledWith(answer);
  });

  test('a failed load shows the error view with a retry in its place', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('down'));
    await mountRemoteParcel(consentFormParcel, { shell, onDone: jest.fn() });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
