import { useIntl } from 'react-intl';
import type { HealthcareType } from '@portal/shared-api';
import { formatTime, type RouteId } from '@portal/shared-i18n';
import { Alert, ShellLink, useShell } from '@portal/shared-ui';
import { FIELD_LABEL_IDS, PROBLEM_MESSAGE_IDS, type ReservationProblem } from './reservation-problem';

/** Where to choose another time of the same type. */
export const SEARCH_ROUTE_OF: Record<HealthcareType, RouteId> = {
  private: 'booking.private-list',
  insurance: 'booking.insurance-list',
  occupational: 'booking.occupational-list',
};

export interface ProblemNoticeProps {
  problem: ReservationProblem;
  healthcareType: HealthcareType;
  /** the anonymous page's strong-login link (loginRequired, tooManyAttempts, strongLoginRequired) */
  loginHref?: string | null;
}

/** The text of a failed reservation (spec part 2 §8 "Reservation"), announced as it appears. */
export function ProblemNotice({ problem, healthcareType, loginHref = null }: ProblemNoticeProps) {
  const intl = useIntl();
  const shell = useShell();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  if (problem.kind === 'validation') {
    const labels = [...new Set(problem.paths.map((path) => FIELD_LABEL_IDS[path.split('.')[0] ?? path]).filter((id): id is string => Boolean(id)))].map((id) =>
      text(id),
    );
    if (labels.length === 0) return <Alert variant="error">{text('booking.reservation.error.unknown')}</Alert>;
    return <Alert variant="error">{text('booking.reservation.error.validation', { fields: intl.formatList(labels, { type: 'conjunction' }) })}</Alert>;
  }
  if (problem.kind === 'tooManyAttempts') {
    const retry = problem.retry;
    return (
      <Alert variant="warning">
        <p className="portal-mb-s portal-last-mb0">
          {retry
            ? text('booking.reservation.error.tooManyAttempts', { minutes: Math.max(1, Math.ceil(retry.afterSeconds / 60)), time: formatTime(retry.at) })
            : text('booking.reservation.error.tooManyAttemptsLater')}
        </p>
        {loginHref && (
          <>
            <p className="portal-mb-s portal-last-mb0">{text('booking.anonymousReservation.error.tooManyAttempts')}</p>
            <a className="portal-bold" href={loginHref}>
              {text('booking.anonymousReservation.login')}
            </a>
          </>
        )}
      </Alert>
    );
  }
  if (problem.kind === 'loginRequired' || problem.kind === 'strongLoginRequired') {
    return (
      <Alert variant="warning">
        <p className="portal-mb-s portal-last-mb0">{text(`booking.anonymousReservation.error.${problem.kind}`)}</p>
        {loginHref && (
          <a className="portal-bold" href={loginHref}>
            {text('booking.anonymousReservation.login')}
          </a>
        )}
      </Alert>
    );
  }
  const messageId = PROBLEM_MESSAGE_IDS[problem.kind] ?? 'booking.reservation.error.unknown';
  const searchRoute = SEARCH_ROUTE_OF[healthcareType];
  return (
    <Alert variant="error">
      <p className="portal-mb-s portal-last-mb0">
        {problem.kind === 'paymentBlocked' ? text(messageId, { phone: shell.config.billingPhone, email: shell.config.billingEmail }) : text(messageId)}
      </p>
      {problem.kind === 'appointmentNotAvailable' && shell.hasRoute(searchRoute) && (
        <ShellLink routeId={searchRoute}>{text('booking.reservation.chooseAnother')}</ShellLink>
      )}
    </Alert>
  );
}
