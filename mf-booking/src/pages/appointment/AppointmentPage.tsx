import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Alert, LinkButton, PageHeading, PageLoadStatus, ShellLink, useShell } from '@portal/shared-ui';
import { AppointmentPanel } from './AppointmentPanel';
import { useAppointmentPage } from './useAppointmentPage';

/**
 * booking.appointment (spec part 2 §2.1 "Appointment page", §4 "Appointment page actions"): the
 * card of each appointment in the path with its check-in, cancel and arrival reason, and a link to
 * all appointments; an id that is not the patient's is 'Appointment not found' (part 1 §2) with a
 * way to book another.
 */
export function AppointmentPage() {
  const intl = useIntl();
  const shell = useShell();
  const { ids = '' } = useParams();
  const { page, retry } = useAppointmentPage(ids);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const count = ids.split(',').length;
  const allLink = (
    <ShellLink routeId="booking.appointments" className="portal-text-link portal-focus-outline">
      <span aria-hidden="true">← </span>
      {t('booking.appointment.allAppointments')}
    </ShellLink>
  );
  return (
    <div className="portal-page-column">
      <p className="portal-mb-m">{allLink}</p>
      <PageHeading>{t('booking.appointment.title', { count })}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && page.data.status === 'appointment-not-found' && (
        <Alert variant="info" title={t('booking.appointment.notFound.title')} announce={false}>
          <p className="portal-mb-s">{t('booking.appointment.notFound.text')}</p>
          {shell.hasRoute('booking.landing') && (
            <LinkButton href={shell.href('booking.landing')} onNavigate={shell.navigate} variant="secondary">
              {t('booking.appointment.notFound.book')}
            </LinkButton>
          )}
        </Alert>
      )}
      {page.status === 'ready' && page.data.status === 'ok' && (
        <div className="portal-vstack-l">
          {page.data.appointments.map((appointment) => (
            <AppointmentPanel key={appointment.id} appointment={appointment} />
          ))}
        </div>
      )}
    </div>
  );
}
