import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { GENERAL_RENEWAL_QUESTIONS, MEDICINE_RENEWAL_QUESTIONS, RENEWAL_REASON_QUESTION_FI } from '@portal/shared-api';
import { createMockApiClient, mockFailure, type MockApiClient } from '@portal/shared-api/mock';
import fi from '../../../messages/fi.json';
import { createFakeShell, mountRecordsApp, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { burana, renewalOkState, routeTableWithMessaging, thyroxin } from '../../../test/prescription-fixtures';
import { PrescriptionRenewalPage } from './PrescriptionRenewalPage';

const ROUTE = 'records.prescription-renewal';

function renderRenewal(state: unknown, options: { shell?: FakeShell; client?: MockApiClient; path?: string } = {}) {
  const shell = options.shell ?? createFakeShell({ routes: routeTableWithMessaging });
  if (options.client) shell.api = options.client;
  const client = shell.api;
  if (state !== undefined) shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, state) : null));
  renderWithShell(
    <Routes>
      <Route path="/:lang/prescription-renewal/:ids" element={<PrescriptionRenewalPage />} />
      <Route path="/:lang/reseptin-uusinta/:ids" element={<PrescriptionRenewalPage />} />
    </Routes>,
    shell,
    options.path ?? `/${shell.lang}/prescription-renewal/11,12`,
  );
  return { shell, client };
}

const group = (name: string) => screen.getByRole('group', { name });
const medicine = (name: string) => group(name);
const sendButton = () => screen.getByRole('button', { name: /^Send renewal request/ });

/** Answers every question of the form (no additional questions asked). */
async function fillAll() {
  await userEvent.click(within(group('Has your health changed since your previous prescription?')).getByRole('radio', { name: 'No' }));
  for (const name of ['Thyroxin 100 mikrog', 'Burana 400 mg']) {
    const box = medicine(name);
    await userEvent.type(within(box).getByRole('textbox', { name: 'Why do you need a renewal?' }), `${name} is running out`);
    await userEvent.click(within(within(box).getByRole('group', { name: 'Do you use the medicine as instructed?' })).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(within(within(box).getByRole('group', { name: 'Has the medicine caused side effects?' })).getByRole('radio', { name: 'No' }));
  }
}

describe('prescription renewal page', () => {
  test('asks the loader for the ids of its path, with a spinner, and focuses the heading', () => {
    const { shell } = renderRenewal(undefined);
    expect(shell.loadPage).toHaveBeenCalledWith(ROUTE, { ids: '11,12' }, expect.any(AbortSignal));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Prescription renewal' })).toHaveFocus();
  });

  test('shows the form: the general question, each medicine with its reason and yes/no questions, and the processing note', () => {
    renderRenewal(renewalOkState());
    expect(screen.getByText('Patient: Mikko Virtanen')).toBeInTheDocument();
    expect(screen.getByText('Renewal requests are processed within 1–3 workdays. You will get a confirmation by SMS.')).toBeInTheDocument();
    const general = group('Has your health changed since your previous prescription?');
    expect(within(general).getAllByRole('radio')).toHaveLength(2);
    for (const name of ['Thyroxin 100 mikrog', 'Burana 400 mg']) {
      const box = medicine(name);
      expect(within(box).getByRole('heading', { level: 2, name })).toBeInTheDocument();
      expect(within(box).getByRole('textbox', { name: 'Why do you need a renewal?' })).toBeRequired();
      expect(within(box).getByRole('group', { name: 'Do you use the medicine as instructed?' })).toBeInTheDocument();
      expect(within(box).getByRole('group', { name: 'Has the medicine caused side effects?' })).toBeInTheDocument();
    }
    expect(within(medicine('Burana 400 mg')).getByText('Dosage').nextElementSibling).toHaveTextContent('1 tabletti tarvittaessa');
  });

  test("send is disabled with 'First fill all fields in the form' until every field is answered", async () => {
    renderRenewal(renewalOkState());
    expect(screen.getByText('First fill all fields in the form')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription('First fill all fields in the form');
    await fillAll();
    expect(screen.queryByText('First fill all fields in the form')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    // an emptied field makes the form incomplete again
    await userEvent.clear(within(medicine('Burana 400 mg')).getByRole('textbox', { name: 'Why do you need a renewal?' }));
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('First fill all fields in the form')).toBeInTheDocument();
  });

  test('an additional question appears only for the answer of its type (yes for yes, no for no) and is then required', async () => {
    renderRenewal(renewalOkState());
    await fillAll();
    const general = group('Has your health changed since your previous prescription?');
    expect(within(general).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(general).getByRole('radio', { name: 'Yes' }));
    const changes = within(general).getByRole('textbox', { name: 'Tell us about the changes' });
    expect(changes).toBeRequired();
    expect(sendButton()).toBeDisabled();
    await userEvent.type(changes, 'New blood pressure medicine');
    expect(sendButton()).toBeEnabled();

    // 'no' type: shown when no
    const usage = within(medicine('Thyroxin 100 mikrog')).getByRole('group', { name: 'Do you use the medicine as instructed?' });
    expect(within(usage).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(usage).getByRole('radio', { name: 'No' }));
    expect(within(usage).getByRole('textbox', { name: 'How do you use the medicine?' })).toBeRequired();
    expect(sendButton()).toBeDisabled();
    await userEvent.click(within(usage).getByRole('radio', { name: 'Yes' }));
    expect(within(usage).queryByRole('textbox')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();

    // switching back keeps what was typed
    await userEvent.click(within(general).getByRole('radio', { name: 'No' }));
    expect(within(general).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(within(general).getByRole('radio', { name: 'Yes' }));
    expect(within(general).getByRole('textbox', { name: 'Tell us about the changes' })).toHaveValue('New blood pressure medicine');
  });

  describe('a long answer is never cut (issue 28)', () => {
    const general = () => group('Has your health changed since your previous prescription?');
    const buranaSideEffects = () => within(medicine('Burana 400 mg')).getByRole('group', { name: 'Has the medicine caused side effects?' });
    /** Each long text of the form: how to reach it after fillAll, its limit, and where it travels. */
    const fields: Array<[string, () => Promise<HTMLElement>, number, (json: unknown) => unknown]> = [
      [
        'the reason',
        async () => within(medicine('Burana 400 mg')).getByRole('textbox', { name: 'Why do you need a renewal?' }),
        500,
        (json) => (json as { prescriptions: Array<{ reason: string }> }).prescriptions[1]?.reason,
      ],
      [
        'the general additional answer',
        async () => {
          await userEvent.click(within(general()).getByRole('radio', { name: 'Yes' }));
          return within(general()).getByRole('textbox', { name: 'Tell us about the changes' });
        },
        1000,
        (json) => (json as { general: { healthChanged: { additional: string } } }).general.healthChanged.additional,
      ],
      [
        "a medicine's additional answer",
        async () => {
          await userEvent.click(within(buranaSideEffects()).getByRole('radio', { name: 'Yes' }));
          return within(buranaSideEffects()).getByRole('textbox', { name: 'What side effects?' });
        },
        500,
        (json) => (json as { prescriptions: Array<{ answers: { sideEffects: { additional: string } } }> }).prescriptions[1]?.answers.sideEffects.additional,
      ],
    ];

    test.each(fields)('%s: pasted over the limit it stays whole, with its count and message, and nothing is sent; at the limit it is sent', async (_name, reach, max, sent) => {
      const client = createMockApiClient({ 'POST /api/prescription-renewals': { type: 'success', threadId: '42' } });
      renderRenewal(renewalOkState(), { client });
      await fillAll();
      const field = await reach();
      const pasted = 'a'.repeat(max + 1);
      await userEvent.clear(field);
      await userEvent.paste(pasted);
      expect(field).toHaveValue(pasted);
      const count = `${(max + 1).toLocaleString('en')} / ${max.toLocaleString('en')} characters`;
      const message = `The answer can be at most ${max.toLocaleString('en')} characters long. Shorten the answer.`;
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(`${count} ${message}`);
      // the reason above the disabled button names the trouble, not "fill all fields"
      expect(sendButton()).toBeDisabled();
      expect(sendButton()).toHaveAccessibleDescription('Shorten the answers that are too long');
      expect(screen.queryByText('First fill all fields in the form')).not.toBeInTheDocument();
      await userEvent.click(sendButton());
      expect(client.calls).toHaveLength(0);

      await userEvent.type(field, '{Backspace}');
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(field).toHaveAccessibleDescription(`${max.toLocaleString('en')} / ${max.toLocaleString('en')} characters`);
      expect(sendButton()).toBeEnabled();
      await userEvent.click(sendButton());
      expect(client.calls).toHaveLength(1);
      expect(sent(client.calls[0]?.json)).toBe('a'.repeat(max));
    });
  });

  test('sends the answers, shows a spinner while sending, then the success box with a link to the conversation', async () => {
    let answer: (value: unknown) => void = () => {};
    const client = createMockApiClient({ 'POST /api/prescription-renewals': () => new Promise((resolve) => (answer = resolve)) });
    const { shell } = renderRenewal(renewalOkState(), { client });
    await fillAll();
    const buranaSideEffects = within(medicine('Burana 400 mg')).getByRole('group', { name: 'Has the medicine caused side effects?' });
    await userEvent.click(within(buranaSideEffects).getByRole('radio', { name: 'Yes' }));
    await userEvent.type(within(medicine('Burana 400 mg')).getByRole('textbox', { name: 'What side effects?' }), 'Heartburn');
    await userEvent.click(sendButton());

    expect(client.calls).toHaveLength(1);
    expect(client.calls[0]?.json).toEqual({
      general: { healthChanged: { answer: 'no' } },
      prescriptions: [
        { id: '11', reason: 'Thyroxin 100 mikrog is running out', answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } },
        {
          id: '12',
          reason: 'Burana 400 mg is running out',
          answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'yes', additional: 'Heartburn' } },
        },
      ],
    });
    // loading: the button is busy with a spinner and its label, the fields are locked
    const busy = screen.getByRole('button', { name: /Sending…/ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(medicine('Thyroxin 100 mikrog')).getByRole('textbox', { name: 'Why do you need a renewal?' })).toBeDisabled();
    await userEvent.click(busy);
    expect(client.calls).toHaveLength(1);

    await act(async () => answer({ type: 'success', threadId: '42' }));
    const heading = screen.getByRole('heading', { level: 2, name: /Renewal request sent/ });
    expect(heading).toHaveFocus();
    expect(screen.getByText('We process your request within 1–3 workdays and send you a confirmation by SMS.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open the conversation' });
    expect(link).toHaveAttribute('href', '/en/conversations/42');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/conversations/42');
    expect(screen.queryByRole('button', { name: /Send renewal request/ })).not.toBeInTheDocument();
  });

  test('without the messaging pages the success box has no conversation link', async () => {
    const client = createMockApiClient({ 'POST /api/prescription-renewals': { type: 'success', threadId: '42' } });
    renderRenewal(renewalOkState(), { client, shell: createFakeShell() });
    await fillAll();
    await userEvent.click(sendButton());
    expect(await screen.findByRole('heading', { name: /Renewal request sent/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the conversation' })).not.toBeInTheDocument();
  });

  test("a failed send shows 'Prescription renewal failed.' above the send button, focused, and keeps everything typed", async () => {
    const client = createMockApiClient({
      'POST /api/prescription-renewals': mockFailure({ kind: 'http', status: 500 }),
    });
    const { shell } = renderRenewal(renewalOkState(), { client });
    await fillAll();
    await userEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Prescription renewal failed.');
    expect(alert).toHaveTextContent('What you wrote is kept. Please try again.');
    expect(alert).toHaveFocus();
    expect(alert.compareDocumentPosition(sendButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(medicine('Burana 400 mg')).getByRole('textbox', { name: 'Why do you need a renewal?' })).toHaveValue('Burana 400 mg is running out');
    expect(within(group('Has your health changed since your previous prescription?')).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(sendButton()).toBeEnabled();
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'records-prescription-renewal');

    // a second try that works
    client.use({ 'POST /api/prescription-renewals': { type: 'success', threadId: '43' } });
    await userEvent.click(sendButton());
    expect(await screen.findByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', '/en/conversations/43');
  });

  test('a network failure and messaging maintenance say so under the failure text', async () => {
    const client = createMockApiClient({ 'POST /api/prescription-renewals': mockFailure({ kind: 'network' }) });
    renderRenewal(renewalOkState(), { client });
    await fillAll();
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Prescription renewal failed.Network error. Please try again.');

    client.use({ 'POST /api/prescription-renewals': mockFailure({ kind: 'http', status: 503, type: 'MaintenanceMode' }) });
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Prescription renewals are offline while we move to a new messaging service.');
  });

  test('maintenance-mode: the offline notice instead of the form', () => {
    renderRenewal({ status: 'maintenance-mode' });
    const notice = screen.getByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Prescription renewals are offline' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('expected to be back by the end of the day');
    expect(screen.queryByRole('button', { name: /Send renewal request/ })).not.toBeInTheDocument();
  });

  test('not-renewable: a clear error with the way back, never a form', () => {
    renderRenewal({ status: 'not-renewable' });
    const error = screen.getByRole('alert');
    expect(within(error).getByRole('heading', { name: 'Some of the chosen prescriptions cannot be renewed' })).toBeInTheDocument();
    expect(within(error).getByRole('link', { name: 'Back to prescriptions' })).toHaveAttribute('href', '/en/prescriptions');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('not-renewable also after client-side navigation, where the loader answers 404', async () => {
    const shell = createFakeShell();
    // shared-api's loadPage answers the loader's 404 with its not-found page state
    shell.loadPage.mockResolvedValueOnce(pageState('records.prescription-renewal', { status: 'not-renewable' }));
    renderRenewal(undefined, { shell });
    expect(await screen.findByRole('heading', { name: 'Some of the chosen prescriptions cannot be renewed' })).toBeInTheDocument();
  });

  test('a load error offers a retry', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(mockFailure({ kind: 'network' })).mockResolvedValueOnce(pageState(ROUTE, renewalOkState([thyroxin])));
    renderRenewal(undefined, { shell });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Thyroxin 100 mikrog' })).toBeInTheDocument();
  });

  test('without a messaging user the renewal cannot be sent: customer service instead', () => {
    renderRenewal(renewalOkState([burana], null));
    expect(screen.getByText('Prescription renewal is not available for you here. Please call customer service on 010 000 0000.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('in Finnish, and the Finnish questions are the ones the renewal message writes', () => {
    renderRenewal(renewalOkState(), { shell: createFakeShell({ lang: 'fi' }), path: '/fi/reseptin-uusinta/11,12' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reseptin uusinta' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Lähetä uusintapyyntö/ })).toBeDisabled();
    expect(screen.getByText('Täytä ensin kaikki lomakkeen kentät')).toBeInTheDocument();

    const catalogue: Record<string, string> = fi;
    for (const question of [...GENERAL_RENEWAL_QUESTIONS, ...MEDICINE_RENEWAL_QUESTIONS]) {
      expect(catalogue[`records.renewal.question.${question.id}`]).toBe(question.textFi);
      expect(catalogue[`records.renewal.question.${question.id}.additional`]).toBe(question.additional.textFi);
    }
    expect(catalogue['records.renewal.question.reason']).toBe(RENEWAL_REASON_QUESTION_FI);
  });

  test('the remote routes /fi/reseptin-uusinta/:ids to this page', async () => {
    const shell = createFakeShell({ lang: 'fi' });
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === ROUTE ? pageState(routeId, { status: 'maintenance-mode' }, { ids: '11,12' }) : null));
    await mountRecordsApp(shell, '/fi/reseptin-uusinta/11,12');
    expect(screen.getByRole('heading', { level: 1, name: 'Reseptin uusinta' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reseptien uusinta ei ole käytettävissä' })).toBeInTheDocument();
  });
});
