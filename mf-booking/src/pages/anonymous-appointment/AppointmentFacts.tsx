import { useIntl } from 'react-intl';
import type { AnonymousAppointment } from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';
import styles from './AnonymousAppointmentPage.module.css';

/** The appointment as the link shows it: time, practitioner, place (the address, or remote / video). */
export function AppointmentFacts({ appointment }: { appointment: AnonymousAppointment }) {
  const intl = useIntl();
  const { lang } = useShell();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `booking.anonymousAppointment.${id}` }, values);
  const { clinic, practitioner } = appointment;
  return (
    <dl className="portal-dl portal-grid-s portal-m0">
      <div className={styles.fact}>
        <dt>{t('time')}</dt>
        <dd>
          <time dateTime={appointment.startDate}>{formatDateTime(appointment.startDate, lang)}</time> ({t('duration', { minutes: appointment.durationMinutes })})
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>{t('practitioner')}</dt>
        <dd>
          {practitioner.name}
          {practitioner.title && <span className="portal-muted">, {practitioner.title}</span>}
          <span className="portal-muted"> · {appointment.specialty.title}</span>
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>{t('place')}</dt>
        <dd>
          {appointment.isVideo ? t('video') : appointment.isRemote ? t('remote') : clinic.name}
          {!appointment.isRemote && clinic.address && (
            <span className="portal-block">
              {clinic.address.street}, {clinic.address.postalCode} {clinic.address.postOffice}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}
