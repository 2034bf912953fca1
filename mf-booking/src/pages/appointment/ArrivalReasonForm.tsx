import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  APPOINTMENT_ARRIVAL_REASON_PATH,
  ARRIVAL_REASON_MAX,
  ARRIVAL_REASON_TOAST_MS,
  appointmentCallPath,
  arrivalReasonResponseSchema,
  type AppointmentDetail,
} from '@portal/shared-api';
import { Button, CharacterCount, isOverLimit, TEXT_INPUT_CLASS, useShell } from '@portal/shared-ui';
import styles from './AppointmentPage.module.css';

/**
 * The arrival reason (spec part 2 §4, §5, §8): at most 300 characters with a counter; beyond that
 * 'Character limit exceeded', the counter turns red and saving is disabled. Saving answers with a
 * toast for 5 seconds; the server stores it behind the Finnish prefix and gives it back without.
 */
export function ArrivalReasonForm({ appointment }: { appointment: AppointmentDetail }) {
  const intl = useIntl();
  const shell = useShell();
  const ids = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [value, setValue] = useState(appointment.arrivalReason ?? '');
  const [saving, setSaving] = useState(false);
  // counted trimmed, as the server counts it (spaces around the text never make it too long)
  const tooLong = isOverLimit(value, ARRIVAL_REASON_MAX);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || saving) return;
    setSaving(true);
    try {
      await shell.api.post(appointmentCallPath(APPOINTMENT_ARRIVAL_REASON_PATH, appointment.id), arrivalReasonResponseSchema, {
        json: { arrivalReason: value },
      });
      shell.toasts.show({ kind: 'success', text: t('booking.appointment.arrivalReason.saved'), durationMs: ARRIVAL_REASON_TOAST_MS });
    } catch (error) {
      shell.errors.report(error, 'booking-arrival-reason');
      shell.toasts.show({ kind: 'error', text: t('booking.appointment.arrivalReason.failed'), durationMs: ARRIVAL_REASON_TOAST_MS });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={`${styles.reason} portal-vstack-xs`} onSubmit={save} noValidate>
      <label htmlFor={`${ids}-reason`} className="portal-field__label">
        {t('booking.appointment.arrivalReason.label')}
      </label>
      <p id={`${ids}-hint`} className="portal-muted portal-m0">
        {t('booking.appointment.arrivalReason.hint')}
      </p>
      <textarea
        id={`${ids}-reason`}
        className={`${TEXT_INPUT_CLASS} ${styles.reasonInput}`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${ids}-hint ${ids}-counter${tooLong ? ` ${ids}-error` : ''}`}
        rows={4}
      />
      <div className="portal-justify-between portal-form-actions portal-items-center">
        <CharacterCount id={`${ids}-counter`} value={value} max={ARRIVAL_REASON_MAX} />
        <Button type="submit" variant="secondary" disabled={tooLong} loading={saving}>
          {t('booking.appointment.arrivalReason.save')}
        </Button>
      </div>
      {tooLong && (
        <p id={`${ids}-error`} className="portal-field__error" role="alert">
          {t('booking.appointment.arrivalReason.tooLong')}
        </p>
      )}
    </form>
  );
}
