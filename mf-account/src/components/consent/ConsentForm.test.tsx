import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Consent, ConsentResponse } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { ConsentForm } from './ConsentForm';

const none: Consent = {
  allowsCommonRegistry: false,
  allowsViewingOccupationalInformation: false,
  allowsMarketingMail: false,
  allowsTreatmentInstructionsMail: false,
  allowsBookingSms: false,
};

const LABELS = {
  allowsCommonRegistry: 'My patient data may be viewed in the joint patient register of the healthcare provider',
  allowsViewingOccupationalInformation: 'My occupational health care data may be viewed when I am treated in the provider’s other services',
  allowsMarketingMail: 'I want to receive marketing by email',
  allowsTreatmentInstructionsMail: 'I want to receive treatment instructions by email',
  allowsBookingSms: 'I want to receive booking confirmations and reminders by text message',
};

function answering(request: MockRequest): ConsentResponse {
  return {
    type: 'success',
    consent: { ...none, ...(request.json as Partial<Consent>) },
    patientDataConsentFormUpdated: '2026-11-24T06:00:00.000Z',
    patientDataConsent: 'ok',
  };
}

function show(options: { firstTime?: boolean; consent?: Consent; shell?: FakeShell } = {}) {
  const shell = options.shell ?? createFakeShell();
  const onSaved = jest.fn();
  renderWithShell(
    <ConsentForm consent={options.consent ?? none} firstTime={options.firstTime ?? false} privacyPolicyUrl="https://www.example.fi/tietosuojaseloste" onSaved={onSaved} />,
    shell,
  );
  return { shell, onSaved };
}

const save = () => screen.getByRole('button', { name: /^Save|^Saving/ });
const privacyBox = () => screen.getByRole('checkbox', { name: 'I have read the privacy policy' });

describe('consent form', () => {
  test('the five permissions as labelled checkboxes, on the adult brand', () => {
    show({ consent: { ...none, allowsBookingSms: true } });
    expect(screen.getByRole('group', { name: 'Permissions' })).toBeInTheDocument();
    for (const label of Object.values(LABELS)) expect(screen.getByRole('checkbox', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: LABELS.allowsBookingSms })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'I have read the privacy policy' })).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  test("the children's brand does not ask the occupational consent, nor sends it", async () => {
    const shell = createFakeShell({ brand: 'children' });
    shell.api.use({ 'POST /api/user/consent': answering });
    show({ shell });
    expect(screen.queryByRole('checkbox', { name: LABELS.allowsViewingOccupationalInformation })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    await userEvent.click(save());
    expect(shell.api.calls[0]?.json).not.toHaveProperty('allowsViewingOccupationalInformation');
  });

  test('saves the five booleans with the page language', async () => {
    const shell = createFakeShell({ lang: 'sv' });
    shell.api.use({ 'POST /api/user/consent': answering });
    const { onSaved } = show({ shell });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Jag vill få marknadsföring per e-post' }));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(shell.api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/consent',
      searchParams: { lang: 'sv' },
      json: { ...none, allowsMarketingMail: true },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', patientDataConsent: 'ok' }));
  });

  test('first time: Save is enabled only with the privacy policy box ticked, and disabled once sent', async () => {
    const shell = createFakeShell();
    shell.api.use({ 'POST /api/user/consent': answering });
    const { onSaved } = show({ shell, firstTime: true });
    expect(screen.getByRole('link', { name: 'Read the privacy policy (opens in a new tab)' })).toHaveAttribute('href', 'https://www.example.fi/tietosuojaseloste');
    expect(save()).toBeDisabled();
    expect(save()).toHaveAccessibleDescription('Confirm that you have read the privacy policy before saving.');
    await userEvent.click(privacyBox());
    expect(save()).toBeEnabled();
    await userEvent.click(privacyBox());
    expect(save()).toBeDisabled();
    await userEvent.click(privacyBox());
    await userEvent.click(save());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(save()).toBeDisabled();
    expect(privacyBox()).toBeDisabled();
    await userEvent.click(save());
    expect(shell.api.calls).toHaveLength(1);
  });

  test('locked while saving', async () => {
    const shell = createFakeShell();
    let finish: () => void = () => {};
    shell.api.use({
      'POST /api/user/consent': (request: MockRequest) =>
        new Promise((resolve) => {
          finish = () => resolve(answering(request));
        }),
    });
    show({ shell });
    await userEvent.click(save());
    expect(screen.getByRole('checkbox', { name: LABELS.allowsMarketingMail })).toBeDisabled();
    expect(save()).toBeDisabled();
    await act(async () => finish());
    expect(screen.getByRole('checkbox', { name: LABELS.allowsMarketingMail })).toBeEnabled();
  });

  test('a failure says so, focused, keeps the choices and can be tried again', async () => {
    const shell = createFakeShell();
    shell.api.use({ 'POST /api/user/consent': mockFailure({ kind: 'network' }) });
    const { onSaved } = show({ shell });
    await userEvent.click(screen.getByRole('checkbox', { name: LABELS.allowsCommonRegistry }));
    await userEvent.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong, please try again');
    expect(alert.parentElement).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: LABELS.allowsCommonRegistry })).toBeChecked();
    expect(onSaved).not.toHaveBeenCalled();
    shell.api.use({ 'POST /api/user/consent': answering });
    await userEvent.click(save());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
