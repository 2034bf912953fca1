import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  isApiError,
  waitlistPath,
  waitlistStateSchema,
  type AppointmentDetail,
  type WaitlistScope,
  type WaitlistState,
} from '@portal/shared-api';
import { Button, ShellLink, Spinner, useShell } from '@portal/shared-ui';
import styles from './AppointmentExtras.module.css';

/** The signed-in appointment's calendar file (server: booking/calendar). */
export const calendarFilePath = (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/calendar.ics`;

type WaitlistView = { status: 'loading' } | { status: 'error' } | { status: 'ready'; state: WaitlistState };

/**
 * "Tell me of an earlier time" (docs/product-decisions.md, "Values"): joined or not, with the choice of the same
 * practitioner or the same specialty in the clinic's municipality.
 */
function EarlierTimeWaitlist({ appointment }: { appointment: AppointmentDetail }) {
  const intl = useIntl();
  const shell = useShell();
  const ids = useId();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `booking.waitlist.${id}` }, values);
  const [view, setView] = useState<WaitlistView>({ status: 'loading' });
  const [scope, setScope] = useState<WaitlistScope>('practitioner');
  const [saving, setSaving] = useState(false);
  const path = waitlistPath(appointment.id);

  useEffect(() => {
    const controller = new AbortController();
    shell.api
      .get(path, waitlistStateSchema, { signal: controller.signal })
      .then((state) => {
        setView({ status: 'ready', state });
        if (state.scope) setScope(state.scope);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.failure.kind === 'aborted')) return;
        shell.errors.report(error, 'waitlist');
        setView({ status: 'error' });
      });
    return () => controller.abort();
  }, [path, shell]);

  const save = async (join: boolean) => {
    setSaving(true);
    try {
      const state = join ? await shell.api.post(path, waitlistStateSchema, { json: { scope } }) : await shell.api.delete(path, waitlistStateSchema);
      setView({ status: 'ready', state });
      shell.toasts.show({ kind: 'success', text: t(join ? 'joinedToast' : 'leftToast') });
    } catch (error) {
      if (!(isApiError(error) && error.failure.kind === 'network')) shell.errors.report(error, 'waitlist');
      shell.toasts.show({ kind: 'error', text: t('failed') });
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(true);
  };

  return (
    <section className="portal-box portal-grid-s" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.title}>
        {t('title')}
      </h3>
      {view.status === 'loading' && <Spinner size="small" />}
      {view.status === 'error' && <p className="portal-m0">{t('loadFailed')}</p>}
      {view.status === 'ready' && view.state.joined && (
        <>
          <p className="portal-m0" role="status">
            {t('joined')}
          </p>
          <div>
            <Button variant="secondary" size="small" loading={saving} onClick={() => void save(false)}>
              {t('leave')}
            </Button>
          </div>
        </>
      )}
      {view.status === 'ready' && !view.state.joined && (
        <form onSubmit={onSubmit} className="portal-grid-s">
          <p className="portal-m0">{t('intro')}</p>
          <fieldset className={`${styles.scopes} portal-grid-xs portal-m0`}>
            <legend className={`${styles.legend} portal-field__label`}>{t('scope.legend')}</legend>
            <label className="portal-wrap-anywhere portal-flex portal-items-start portal-gap-xs">
              <input type="radio" name={`${ids}-scope`} value="practitioner" checked={scope === 'practitioner'} onChange={() => setScope('practitioner')} />
              {t('scope.practitioner', { practitioner: appointment.practitioner.name })}
            </label>
            <label className="portal-wrap-anywhere portal-flex portal-items-start portal-gap-xs">
              <input type="radio" name={`${ids}-scope`} value="specialty-municipality" checked={scope === 'specialty-municipality'} onChange={() => setScope('specialty-municipality')} />
              {t('scope.specialtyMunicipality', { specialty: appointment.specialty.title, municipality: appointment.clinic.municipality })}
            </label>
          </fieldset>
          <div>
            <Button type="submit" variant="secondary" size="small" loading={saving}>
              {t('join')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * Beyond the spec (issue 13), under an upcoming reserved appointment's card: "Add to calendar" (an
 * .ics file), "Change time" when the appointment may still be cancelled (the same rule), and "Tell me
 * of an earlier time". The appointment page mounts it; its props are the page's AppointmentDetail.
 */
export function AppointmentExtras({ appointment }: { appointment: AppointmentDetail }) {
  const intl = useIntl();
  const { lang } = useShell();
  const upcoming = !appointment.isCancelled && !appointment.hasAppointeeCanceled && appointment.selfCheckInStatus !== 'CheckedIn';
  if (!upcoming) return null;
  return (
    <div className={`${styles.extras} portal-grid-m`}>
      <ul className={`${styles.links} portal-row portal-plain-list`}>
        <li>
          <a className="portal-text-link" href={`${calendarFilePath(appointment.id)}?lang=${lang}`} download>
            {intl.formatMessage({ id: 'booking.calendar.add' })}
          </a>
        </li>
        {appointment.mayCancel && (
          <li>
            <ShellLink routeId="booking.change-time" params={{ id: appointment.id }} className="portal-text-link">
              {intl.formatMessage({ id: 'booking.changeTime.link' })}
            </ShellLink>
          </li>
        )}
      </ul>
      {appointment.mayCancel && <EarlierTimeWaitlist appointment={appointment} />}
    </div>
  );
}
