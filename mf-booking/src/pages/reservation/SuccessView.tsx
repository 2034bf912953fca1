import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { ReservationDetails } from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { Alert, DETAILS_LIST_CLASS, PageHeading, ShellLink, useShell } from '@portal/shared-ui';
import styles from './ReservationPage.module.css';

/**
 * The reservation's confirmation (spec part 2 §2.1, §4): what was booked, where the confirmation
 * went, and links to the appointment and to all appointments (signed in). Scrolled to the top with
 * focus on its heading, so the patient starts from the confirmation.
 */
export function SuccessView({ details, signedIn }: { details: ReservationDetails; signedIn: boolean }) {
  const intl = useIntl();
  const shell = useShell();
  const lang = shell.lang;
  useEffect(() => {
    // jsdom has no scrolling; browsers do
    if (typeof window.scrollTo === 'function') window.scrollTo({ top: 0 });
  }, []);
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `booking.reservation.success.${key}` }, values);
  const place = details.isVideo ? t('video') : details.isRemote ? t('remote') : details.clinicName;
  return (
    <div className={styles.page}>
      <PageHeading focusOnMount>{t('title')}</PageHeading>
      <Alert variant="success" announce={false}>
        <p className="portal-mb-s portal-last-mb0">{t('text', { phone: details.phone })}</p>
      </Alert>
      <dl className={DETAILS_LIST_CLASS}>
        <div>
          <dt>{t('time')}</dt>
          <dd>{formatDateTime(details.startDate, lang)}</dd>
        </div>
        <div>
          <dt>{t('practitioner')}</dt>
          <dd>{details.practitionerName}</dd>
        </div>
        <div>
          <dt>{t('specialty')}</dt>
          <dd>{details.specialty}</dd>
        </div>
        <div>
          <dt>{t('place')}</dt>
          <dd>{place}</dd>
        </div>
      </dl>
      {signedIn && (
        <ul className="portal-vstack-s portal-plain-list">
          {shell.hasRoute('booking.appointment') && (
            <li>
              <ShellLink routeId="booking.appointment" params={{ ids: details.appointmentId }}>
                {t('appointmentLink')}
              </ShellLink>
            </li>
          )}
          {shell.hasRoute('booking.appointments') && (
            <li>
              <ShellLink routeId="booking.appointments">{t('allAppointments')}</ShellLink>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
