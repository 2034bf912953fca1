import { useIntl } from 'react-intl';
import { Alert, EmptyState, LinkButton, PageHeading, PageLoadStatus, ShellLink, useShell } from '@portal/shared-ui';
import { AppointmentCard } from '../../components/appointment-card/AppointmentCard';
import { useAppointmentsPage } from './useAppointmentsPage';
import styles from './AppointmentsPage.module.css';

/**
 * booking.appointments (spec part 2 §2.1 "Appointments"): the future appointments, soonest first,
 * each opening its appointment page; one the provider cancelled says so. The intro tells how long
 * before the start an appointment can still be cancelled online; a button books a new one.
 */
export function AppointmentsPage() {
  const intl = useIntl();
  const shell = useShell();
  const { page, retry } = useAppointmentsPage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const bookButton = shell.hasRoute('booking.landing') ? (
    <LinkButton href={shell.href('booking.landing')} onNavigate={shell.navigate}>
      {t('booking.appointments.book')}
    </LinkButton>
  ) : null;
  return (
    <div className="portal-page-column">
      <PageHeading>{t('booking.appointments.title')}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && (
        <>
          <div className={`${styles.intro} portal-form-actions portal-items-center`}>
            <p className={styles.introText}>{t('booking.appointments.intro', { hours: page.data.cancellationHours })}</p>
            {bookButton}
          </div>
          {page.data.appointments.length === 0 ? (
            <EmptyState title={t('booking.appointments.empty')} text={t('booking.appointments.emptyText')} />
          ) : (
            <ul className="portal-vstack-m portal-plain-list" aria-label={t('booking.appointments.listLabel')}>
              {page.data.appointments.map((appointment) => (
                <li key={appointment.id}>
                  <AppointmentCard
                    appointment={appointment}
                    headingLink={(text) => (
                      <ShellLink routeId="booking.appointment" params={{ ids: appointment.id }}>
                        {text}
                      </ShellLink>
                    )}
                  >
                    {appointment.hasAppointeeCanceled && (
                      <Alert variant="warning" announce={false}>
                        {t('booking.appointment.providerCancelled')}
                      </Alert>
                    )}
                    {appointment.selfCheckInStatus === 'CheckedIn' && <p className="portal-bold portal-m0">{t('booking.appointment.checkIn.done')}</p>}
                  </AppointmentCard>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
