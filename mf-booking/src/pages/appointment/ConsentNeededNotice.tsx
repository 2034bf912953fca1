import { useIntl } from 'react-intl';
import { Alert, ShellLink, useShell } from '@portal/shared-ui';

/**
 * Check-in answered that the confidentiality form is not filled (spec part 2 §4): signed in, the
 * patient accepts the terms (the patient data consent), or uses the mobile app, or checks in at the
 * reception. `forChild`: a guardian checking in their ward, whose consent it is.
 */
export function ConsentNeededNotice({ forChild }: { forChild: boolean }) {
  const intl = useIntl();
  const shell = useShell();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Alert variant="warning" title={t('booking.appointment.consentNeeded.title')}>
      <p className="portal-mb-xs portal-last-mb0">
        {t(forChild ? 'booking.appointment.consentNeeded.child' : 'booking.appointment.consentNeeded.adult')}{' '}
        {shell.hasRoute('account.data-processing') && (
          <ShellLink routeId="account.data-processing" className="portal-text-link">
            {t('booking.appointment.consentNeeded.acceptTerms')}
          </ShellLink>
        )}
      </p>
      <p className="portal-mb-xs portal-last-mb0">
        {t('booking.appointment.consentNeeded.app')}{' '}
        <a className="portal-text-link" href={shell.config.appLinks.ios}>
          {t('booking.appointment.consentNeeded.appIos')}
        </a>
        {' · '}
        <a className="portal-text-link" href={shell.config.appLinks.android}>
          {t('booking.appointment.consentNeeded.appAndroid')}
        </a>
      </p>
      <p className="portal-mb-xs portal-last-mb0">{t('booking.appointment.consentNeeded.reception')}</p>
    </Alert>
  );
}
