import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brand, DirectCompensationPermit, InsuranceChoice } from '@portal/shared-api';
import { mockFailure } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell, type FakeShell } from '../../../../test/shell-fake';
import { InsuranceSelection, type InsuranceAppointment } from './InsuranceSelection';
import { POHJOLA_SERVICE_PHONE } from './PohjolaCheck';

jest.setTimeout(20_000);

/** 2026-12-02 09:00 in Helsinki (07:00 UTC); late in the evening UTC it is the next day in Helsinki */
const appointment: InsuranceAppointment = { id: '42', startDate: '2026-12-02T07:00:00.000Z', isRemote: false };
const PAGE = '/en/insurance/available-appointments/42';
const POHJOLA = 'GET /api/insurance/pohjola-check/2026-12-02';
const POLICY = 'GET /api/insurance/lahitapiola-policy-check';
const PERMITS = 'GET /api/insurance/lahitapiola-direct-compensation-permits/en';

const permit: DirectCompensationPermit = { symptom: 'Pain and limited movement', bodyPart: 'Right knee', validTo: '2027-03-05', contentHash: 'abcdef0123456789' };

function show(options: { brand?: Brand; features?: string[]; appointment?: InsuranceAppointment; path?: string; shell?: FakeShell } = {}) {
  const shell =
    options.shell ??
    createFakeShell({ brand: options.brand ?? 'adult', features: options.features ?? ['lahitapiola-insurance-flow'] });
  const onChange = jest.fn<void, [InsuranceChoice]>();
  renderWithShell(<InsuranceSelection appointment={options.appointment ?? appointment} patientConcepts={[]} onChange={onChange} />, shell, options.path ?? PAGE);
  const last = () => onChange.mock.calls.at(-1)![0];
  return { shell, onChange, last };
}

const radio = (name: string | RegExp) => screen.getByRole('radio', { name });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('InsuranceSelection: the picker (spec part 2 §3)', () => {
  test('offers only If, LähiTapiola, Pohjola Vakuutus (OP) and Other as a radio group; nothing chosen is not valid', () => {
    const { last } = show();
    const group = screen.getByRole('group', { name: 'Insurance company' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['If', 'LähiTapiola', 'Pohjola Vakuutus (OP)', 'Other']);
    expect(last()).toEqual({ company: null, reimbursement: null, directReimbursementConsent: false, conceptCode: null, dcpContentHash: null, valid: false });
  });

  test('Other is valid at once, with no concept code', async () => {
    const { last } = show();
    await userEvent.click(radio('Other'));
    expect(last()).toMatchObject({ company: 'OTHER', conceptCode: null, valid: true });
  });

  test('without the lahitapiola-insurance-flow feature LähiTapiola is valid at once and opens no dialog', async () => {
    const { last } = show({ features: [] });
    await userEvent.click(radio('LähiTapiola'));
    expect(last()).toMatchObject({ company: 'LAHITAPIOLA', valid: true, dcpContentHash: null });
    expect(screen.queryByRole('button', { name: 'Check direct compensation' })).not.toBeInTheDocument();
  });
});

describe('If: reimbursement choice and consent (§3, §5, §9)', () => {
  test('the three choices on the adult brand; pay and reimburse books with 758236 and needs no consent', async () => {
    const { last } = show();
    await userEvent.click(radio('If'));
    expect(last()).toMatchObject({ company: 'IF', valid: false });
    const group = screen.getByRole('group', { name: 'How will the visit be paid?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(radio(/I pay the visit and claim/));
    expect(last()).toMatchObject({ reimbursement: 'PAY_AND_REIMBURSE', conceptCode: '758236', valid: true });
    await userEvent.click(radio(/Company insurance/));
    expect(last()).toMatchObject({ reimbursement: 'COMPANY_REIMBURSEMENT', conceptCode: '758236', valid: true });
  });

  test('direct reimbursement (90157) needs the consent checkbox', async () => {
    const { last } = show();
    await userEvent.click(radio('If'));
    await userEvent.click(radio(/Direct reimbursement/));
    const consent = screen.getByRole('checkbox', { name: /I consent to the clinic sending/ });
    expect(consent).not.toBeChecked();
    expect(last()).toMatchObject({ reimbursement: 'USE_REIMBURSEMENT', conceptCode: '90157', directReimbursementConsent: false, valid: false });
    await userEvent.click(consent);
    expect(last()).toMatchObject({ directReimbursementConsent: true, valid: true });
  });

  test('company insurance is not offered for a remote appointment; direct reimbursement tells of the bill notice', async () => {
    show({ appointment: { ...appointment, isRemote: true } });
    await userEvent.click(radio('If'));
    expect(screen.queryByRole('radio', { name: /Company insurance/ })).not.toBeInTheDocument();
    await userEvent.click(radio(/Direct reimbursement/));
    expect(screen.getByText(/bill notice within a week/)).toBeInTheDocument();
  });

  test("company insurance is not offered on the children's brand", async () => {
    show({ brand: 'children' });
    await userEvent.click(radio('If'));
    expect(screen.queryByRole('radio', { name: /Company insurance/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'How will the visit be paid?' })).getAllByRole('radio')).toHaveLength(2);
  });
});

describe('Pohjola check states (§4)', () => {
  test('verify → found: books with 999503; remove clears the insurer', async () => {
    const { shell, last } = show();
    shell.api.use({ [POHJOLA]: { hasInsurance: true } });
    await userEvent.click(radio('Pohjola Vakuutus (OP)'));
    expect(last()).toMatchObject({ company: 'OP', valid: false });
    await userEvent.click(button('Verify insurance'));
    expect(await screen.findByText('Your Pohjola insurance was found.')).toBeInTheDocument();
    expect(shell.api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([POHJOLA]);
    expect(last()).toMatchObject({ company: 'OP', conceptCode: '999503', valid: true });
    await userEvent.click(button('Remove'));
    expect(last()).toMatchObject({ company: null, valid: false });
    expect(radio('Pohjola Vakuutus (OP)')).not.toBeChecked();
  });

  test("not found: the insurer's service phone, try again; books at the base price with OP's pay code", async () => {
    const { shell, last } = show();
    shell.api.use({ [POHJOLA]: { hasInsurance: false } });
    await userEvent.click(radio('Pohjola Vakuutus (OP)'));
    await userEvent.click(button('Verify insurance'));
    expect(await screen.findByText(`We did not find your Pohjola insurance. Please call the insurer's service, number ${POHJOLA_SERVICE_PHONE}.`)).toBeInTheDocument();
    expect(last()).toMatchObject({ conceptCode: '999503', valid: true });
    shell.api.use({ [POHJOLA]: { hasInsurance: true } });
    await userEvent.click(button('Try again'));
    expect(await screen.findByText('Your Pohjola insurance was found.')).toBeInTheDocument();
  });

  test('error: "Verification failed" with try again; not bookable', async () => {
    const { shell, last } = show();
    shell.api.use({ [POHJOLA]: mockFailure({ kind: 'http', status: 502 }) });
    await userEvent.click(radio('Pohjola Vakuutus (OP)'));
    await userEvent.click(button('Verify insurance'));
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
    expect(button('Try again')).toBeInTheDocument();
    expect(last()).toMatchObject({ valid: false });
  });

  test("don't verify → canceled; cancel returns to undefined; continue books at the base price; verify now checks", async () => {
    const { shell, last } = show();
    await userEvent.click(radio('Pohjola Vakuutus (OP)'));
    await userEvent.click(button("Don't verify"));
    expect(screen.getByText('Without verification, the visit is booked at the base price.')).toBeInTheDocument();
    expect(last()).toMatchObject({ valid: false });
    await userEvent.click(button('Cancel'));
    expect(button('Verify insurance')).toBeInTheDocument();
    await userEvent.click(button("Don't verify"));
    await userEvent.click(button('Continue at the base price'));
    expect(screen.getByText('Your insurance is not verified: the visit is booked at the base price.')).toBeInTheDocument();
    expect(last()).toMatchObject({ company: 'OP', conceptCode: '999503', valid: true });
    shell.api.use({ [POHJOLA]: { hasInsurance: true } });
    await userEvent.click(button('Verify now'));
    expect(await screen.findByText('Your Pohjola insurance was found.')).toBeInTheDocument();
    expect(last()).toMatchObject({ conceptCode: '999503', valid: true });
  });

  test("checks the appointment's date in Helsinki", async () => {
    const { shell } = show({ appointment: { ...appointment, startDate: '2026-12-01T22:30:00.000Z' } });
    shell.api.use({ [POHJOLA]: { hasInsurance: true } });
    await userEvent.click(radio('Pohjola Vakuutus (OP)'));
    await userEvent.click(button('Verify insurance'));
    expect(await screen.findByText('Your Pohjola insurance was found.')).toBeInTheDocument();
  });
});

describe('LähiTapiola modal states (§4, §5 Age rule)', () => {
  async function openDialog(shell?: FakeShell) {
    const shown = show(shell ? { shell } : {});
    await userEvent.click(radio('LähiTapiola'));
    await userEvent.click(button('Check direct compensation'));
    return { ...shown, dialog: screen.getByRole('dialog', { name: 'LähiTapiola direct compensation' }) };
  }
  const shellWithFlow = () => createFakeShell({ features: ['lahitapiola-insurance-flow'] });

  test('not_asked: focus moves into the dialog; the consent enables continue; a permit is chosen (success, dcpContentHash)', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [POLICY]: { type: 'success', hasHealthcarePolicy: true }, [PERMITS]: { type: 'success', directCompensationPermits: [permit] } });
    const { dialog, last } = await openDialog(shell);
    expect(dialog).toHaveFocus();
    expect(last()).toMatchObject({ company: 'LAHITAPIOLA', valid: false });
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /I consent to the clinic checking/ }));
    await userEvent.click(continueButton);
    const choice = await within(dialog).findByRole('radio', { name: 'Pain and limited movement, Right knee, valid until 5.3.2027' });
    expect(choice).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this permit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Direct compensation permit in use: Pain and limited movement, Right knee, valid until 5.3.2027')).toBeInTheDocument();
    expect(last()).toMatchObject({ company: 'LAHITAPIOLA', dcpContentHash: 'abcdef0123456789', conceptCode: null, valid: true });
    expect(shell.api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([POLICY, PERMITS]);
  });

  test('policy found, empty permit list → no_permits with the apply link to the insurer (redirectTo this page); continue without a permit; remove', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [POLICY]: { type: 'success', hasHealthcarePolicy: true }, [PERMITS]: { type: 'success', directCompensationPermits: [] } });
    const { dialog, last } = await openDialog(shell);
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const apply = await within(dialog).findByRole('link', { name: 'Apply for a permit at LähiTapiola' });
    expect(apply).toHaveAttribute('href', `/api/insurance/lahitapiola-apply-permit?redirectTo=${encodeURIComponent(PAGE)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue without a permit' }));
    expect(screen.getByText(/No direct compensation permit is used/)).toBeInTheDocument();
    expect(last()).toMatchObject({ dcpContentHash: null, valid: true });
    // remove permit clears the insurer
    await userEvent.click(button('Remove'));
    expect(last()).toMatchObject({ company: null, valid: false });
    expect(radio('LähiTapiola')).not.toBeChecked();
  });

  test('no policy → insurance_not_found; closing gives the insuranceNotFound notice', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [POLICY]: { type: 'success', hasHealthcarePolicy: false } });
    const { dialog } = await openDialog(shell);
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/No insurance was found/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.getByText(/No LähiTapiola health insurance was found for you/)).toBeInTheDocument();
  });

  test('an underage customer without a guardian: the dialog closes with the underageCustomer notice', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [POLICY]: { type: 'underageCustomer', hasHealthcarePolicy: false } });
    const { dialog } = await openDialog(shell);
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/cannot be checked online for a customer under 18/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a failed check → error ("Something went wrong"); try again goes back to not_asked; close gives the error notice, not bookable', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [POLICY]: mockFailure({ kind: 'network' }) });
    const { dialog, last } = await openDialog(shell);
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Something went wrong')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(within(dialog).getByRole('checkbox')).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByText('Something went wrong');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.getByText(/Something went wrong with the direct compensation check/)).toBeInTheDocument();
    expect(last()).toMatchObject({ valid: false });
  });

  test('Escape closes the dialog (pending, not bookable) and focus returns; start over reopens it', async () => {
    const { last } = await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('The direct compensation check is not finished.')).toBeInTheDocument();
    expect(last()).toMatchObject({ company: 'LAHITAPIOLA', valid: false });
    const restart = button('Start over');
    expect(document.activeElement === restart || document.activeElement?.contains(restart)).toBe(true);
    await userEvent.click(restart);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('Tab stays inside the dialog', async () => {
    const { dialog } = await openDialog();
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  test.each([
    ['directcompensationdenied', 'LähiTapiola denied the direct compensation permit.'],
    ['cancel', 'You cancelled applying for a direct compensation permit.'],
    ['error', 'Something went wrong'],
  ])('back from the insurer with ?status=%s: LähiTapiola chosen and the dialog open in its state', async (status, text) => {
    show({ path: `${PAGE}?status=${status}` });
    expect(radio('LähiTapiola')).toBeChecked();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // focus lands on the notice that replaced the dialog, not on the page's body
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('button', { name: 'Start over' })).toBeInTheDocument();
  });

  test('back with ?status=directcompensationallowed: the permits are fetched and one is chosen', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [PERMITS]: { type: 'success', directCompensationPermits: [permit, { ...permit, bodyPart: 'Left knee', contentHash: 'fedcba9876543210' }] } });
    const { last } = show({ shell, path: `${PAGE}?status=directcompensationallowed` });
    const dialog = screen.getByRole('dialog');
    const use = await within(dialog).findByRole('button', { name: 'Use this permit' });
    expect(use).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Left knee/ }));
    await userEvent.click(use);
    expect(last()).toMatchObject({ dcpContentHash: 'fedcba9876543210', valid: true });
  });

  test('back with ?status=directcompensationallowed but no permits: no_permits', async () => {
    const shell = shellWithFlow();
    shell.api.use({ [PERMITS]: { type: 'success', directCompensationPermits: [] } });
    show({ shell, path: `${PAGE}?status=directcompensationallowed` });
    expect(await within(screen.getByRole('dialog')).findByText(/no valid direct compensation permit/)).toBeInTheDocument();
  });

  test('an unknown status opens nothing', () => {
    show({ path: `${PAGE}?status=whatever` });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

