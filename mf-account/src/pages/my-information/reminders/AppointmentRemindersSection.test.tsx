import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPOINTMENT_REMINDERS_PATH, type ReminderSetting } from '@portal/shared-api';
import { mockFailure, type MockRequest } from '@portal/shared-api/mock';
import { createFakeShell, renderWithShell, type FakeShell } from '../../../../test/shell-fake';
import { AppointmentRemindersSection } from './AppointmentRemindersSection';

const PUT = `PUT ${APPOINTMENT_REMINDERS_PATH}`;

function show(setting: ReminderSetting = '24h', lang: 'en' | 'fi' | 'sv' = 'en'): FakeShell {
  const shell = createFakeShell({ lang });
  renderWithShell(<AppointmentRemindersSection initial={{ setting }} />, shell);
  return shell;
}

const section = () => screen.getByRole('region', { name: 'Appointment reminders' });
const group = () => screen.getByRole('group', { name: 'When to remind me' });
const save = () => screen.getByRole('button', { name: 'Update reminder setting' });

describe('Appointment reminders in My information (issue 33)', () => {
  test('a labelled group of three choices, the saved one checked, described by what is sent where', () => {
    show('24h');
    expect(section()).toBeInTheDocument();
    const choices = within(group()).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('div')?.textContent)).toEqual(['No reminders', '24 hours before', '24 hours and 2 hours before']);
    expect(screen.getByRole('radio', { name: '24 hours before' })).toBeChecked();
    expect(group()).toHaveAccessibleDescription(/text message reminder before each appointment/);
    // nothing to save until the choice changes
    expect(save()).toBeDisabled();
  });

  test('by keyboard: arrows move the choice, the button saves it, and the outcome is announced', async () => {
    const shell = show('24h');
    shell.api.use({ [PUT]: (request: MockRequest) => ({ type: 'success', reminders: request.json }) });
    const user = userEvent.setup();
    screen.getByRole('radio', { name: '24 hours before' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '24 hours and 2 hours before' })).toBeChecked();
    await user.tab();
    expect(save()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your reminder setting is saved.');
    expect(shell.api.calls.find((call) => call.method === 'PUT')?.json).toEqual({ setting: '24h+2h' });
    expect(save()).toBeDisabled();
  });

  test('turning reminders off', async () => {
    const shell = show('24h+2h');
    shell.api.use({ [PUT]: { type: 'success', reminders: { setting: 'off' } } });
    await userEvent.click(screen.getByRole('radio', { name: 'No reminders' }));
    await userEvent.click(save());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your reminder setting is saved.'));
    expect(screen.getByRole('radio', { name: 'No reminders' })).toBeChecked();
  });

  test('a failed save is an alert, keeps the choice and can be tried again', async () => {
    const shell = show('off');
    shell.api.use({ [PUT]: mockFailure({ kind: 'http', status: 500 }) });
    await userEvent.click(screen.getByRole('radio', { name: '24 hours before' }));
    await userEvent.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('The reminder setting could not be saved. Try again.');
    expect(screen.getByRole('radio', { name: '24 hours before' })).toBeChecked();
    expect(save()).toBeEnabled();
  });

  test('in Finnish and Swedish', () => {
    show('off', 'fi');
    expect(screen.getByRole('region', { name: 'Muistutukset vastaanottoajoista' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ei muistutuksia' })).toBeChecked();
    document.body.innerHTML = '';
    show('24h', 'sv');
    expect(screen.getByRole('group', { name: 'När vill du bli påmind' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '24 timmar före' })).toBeChecked();
  });
});
