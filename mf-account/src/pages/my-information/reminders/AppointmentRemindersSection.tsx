import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  APPOINTMENT_REMINDERS_PATH,
  appointmentRemindersSaveResponseSchema,
  reminderSettings,
  toApiFailure,
  type AppointmentReminders,
  type ReminderSetting,
} from '@portal/shared-api';
import { Alert, Button, CHOICE_CLASS, useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import styles from './AppointmentRemindersSection.module.css';

/** The tag of this process's error reports. */
export const APPOINTMENT_REMINDERS_PROCESS = 'account-appointment-reminders';

/** The catalogue key of each choice ('+' is no part of a message id). */
const OPTION_MESSAGE: Record<ReminderSetting, string> = {
  off: 'account.reminders.option.off',
  '24h': 'account.reminders.option.24h',
  '24h+2h': 'account.reminders.option.24h-2h',
};

type Outcome = 'saved' | 'failed' | null;

/**
 * Appointment reminders in My information (issue 33): an SMS 24 hours, or 24 and 2 hours, before
 * each reserved appointment, or none. The setting comes with the page's state (its loader reads the
 * reminders module), so the section is whole in the server's pre-rendered HTML; a choice is saved
 * with its button (PUT /api/appointment-reminders), and the outcome is announced.
 */
export function AppointmentRemindersSection({ initial }: { initial: AppointmentReminders }) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const lifetimeSignal = useLifetimeSignal();
  const [saved, setSaved] = useState<ReminderSetting>(initial.setting);
  const [choice, setChoice] = useState<ReminderSetting>(initial.setting);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      const signal = lifetimeSignal();
      const answer = await api.put(APPOINTMENT_REMINDERS_PATH, appointmentRemindersSaveResponseSchema, {
        json: { setting: choice },
        ...(signal ? { signal } : {}),
      });
      setSaved(answer.reminders.setting);
      setChoice(answer.reminders.setting);
      setOutcome('saved');
    } catch (caught) {
      const failure = toApiFailure(caught);
      if (failure.kind === 'aborted') return;
      if (failure.kind !== 'network') shell.errors.report(caught, APPOINTMENT_REMINDERS_PROCESS);
      setOutcome('failed');
    }
    setSaving(false);
  };

  const titleId = `${id}-title`;
  const introId = `${id}-intro`;
  return (
    <section className="portal-vstack-m" aria-labelledby={titleId}>
      <h2 id={titleId} className="portal-title-l portal-m0">
        {intl.formatMessage({ id: 'account.reminders.title' })}
      </h2>
      <p id={introId} className="portal-m0">
        {intl.formatMessage({ id: 'account.reminders.intro' })}
      </p>
      <form className="portal-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="portal-fieldset portal-vstack-s" disabled={saving} aria-describedby={introId}>
          <legend className={`${styles.legend} portal-field__label`}>{intl.formatMessage({ id: 'account.reminders.legend' })}</legend>
          {reminderSettings.map((setting) => (
            <div key={setting} className={CHOICE_CLASS}>
              <input
                id={`${id}-${setting}`}
                type="radio"
                // one such group on the page; a fixed name keeps the server's HTML the browser's first render
                name="appointment-reminders"
                value={setting}
                checked={choice === setting}
                onChange={() => {
                  setChoice(setting);
                  setOutcome(null);
                }}
              />
              <label htmlFor={`${id}-${setting}`}>{intl.formatMessage({ id: OPTION_MESSAGE[setting] })}</label>
            </div>
          ))}
        </fieldset>
        {/* announced when it appears: success as a status, a failure as an alert */}
        {outcome === 'saved' && <Alert variant="success">{intl.formatMessage({ id: 'account.reminders.saved' })}</Alert>}
        {outcome === 'failed' && <Alert variant="error">{intl.formatMessage({ id: 'account.reminders.saveFailed' })}</Alert>}
        <div className="portal-form-actions">
          <Button type="submit" disabled={choice === saved && outcome !== 'failed'} loading={saving} loadingLabel={intl.formatMessage({ id: 'account.reminders.saving' })}>
            {intl.formatMessage({ id: 'account.reminders.save' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
