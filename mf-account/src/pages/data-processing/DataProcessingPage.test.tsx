import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProcessingPageState } from '@portal/shared-api';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { DataProcessingPage } from './DataProcessingPage';

const ROUTE = 'account.data-processing';

const firstTime: DataProcessingPageState = {
  consent: {
    allowsCommonRegistry: false,
    allowsViewingOccupationalInformation: false,
    allowsMarketingMail: false,
    allowsTreatmentInstructionsMail: false,
    allowsBookingSms: false,
  },
  patientDataConsentFormUpdated: null,
  privacyPolicyUrl: 'https://www.example.fi/tietosuojaseloste',
};

describe('patient data consent page', () => {
  test('loads its state with a spinner; a failed load offers a retry', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('down'));
    renderWithShell(<DataProcessingPage />, shell, '/en/data-processing');
    expect(screen.getByRole('heading', { level: 1, name: 'Processing of patient data' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    shell.loadPage.mockResolvedValueOnce(pageState(ROUTE, firstTime));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'I have read the privacy policy' })).toBeInTheDocument();
  });

  test('the first consent needs the privacy policy read, then saving goes to the front page', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, firstTime) : null));
    shell.api.use({
      'POST /api/user/consent': { type: 'success', consent: firstTime.consent, patientDataConsentFormUpdated: '2026-11-24T06:00:00.000Z', patientDataConsent: 'ok' },
    });
    renderWithShell(<DataProcessingPage />, shell, '/fi/potilastietojen-kasittely');
    expect(screen.getByRole('heading', { level: 1, name: 'Potilastietojen käsittely' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tallenna' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Olen lukenut tietosuojaselosteen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tallenna' }));
    expect(shell.navigate).toHaveBeenCalledWith(shell.href('front-page'));
  });
});
