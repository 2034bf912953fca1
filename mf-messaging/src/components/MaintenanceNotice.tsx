import { Alert, Heading, ShellLink, useShell, type HeadingLevel } from '@portal/shared-ui';
import { useIntl } from 'react-intl';

/**
 * The page state's 'maintenance-mode' (spec part 1 §8): messaging is offline, expected back by the
 * end of the day, and a remote appointment is suggested meanwhile, with a link to book one (issue
 * 28). Announced as an alert.
 */
export function MaintenanceNotice({ headingLevel = 2 }: { headingLevel?: HeadingLevel }) {
  const intl = useIntl();
  const shell = useShell();
  return (
    <Alert variant="warning" className="portal-mb-m">
      <Heading level={headingLevel} className="portal-m0 portal-title-m">
        {intl.formatMessage({ id: 'messaging.common.maintenance.title' })}
      </Heading>
      <p className="portal-mt-xxs">{intl.formatMessage({ id: 'messaging.common.maintenance.text' })}</p>
      {/* the suggestion leads somewhere: the appointment search with remote appointments included,
          when the booking remote is deployed here */}
      {shell.hasRoute('booking.private-list') && (
        <p className="portal-mt-xxs">
          <ShellLink routeId="booking.private-list" query={{ includeRemote: 'true' }}>
            {intl.formatMessage({ id: 'messaging.common.maintenance.bookRemote' })}
          </ShellLink>
        </p>
      )}
    </Alert>
  );
}
