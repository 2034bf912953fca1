import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { earlierTimePath, earlierTimeResponseSchema, isApiError, type EarlierTimePageState } from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { Alert, Button, LinkButton, PageHeading, PageLoadStatus, ShellLink, usePageState, useShell } from '@portal/shared-ui';
import { CurrentAppointment } from '../change-time/ChangeTimePage';
import styles from '../change-time/ChangeTimePage.module.css';

type Offer = Extract<EarlierTimePageState, { status: 'ok' }>;
type Outcome = 'taken' | 'expired' | 'deadline' | null;
const OUTCOME_IDS: Record<Exclude<Outcome, null>, string> = {
  taken: 'booking.waitlist.offer.taken',
  expired: 'booking.waitlist.offer.expired',
  deadline: 'booking.waitlist.offer.deadline',
};

function OfferView({ token, state }: { token: string; state: Offer }) {
  const intl = useIntl();
  const shell = useShell();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `booking.waitlist.offer.${id}` }, values);
  const [taking, setTaking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [failure, setFailure] = useState<'network' | 'failed' | null>(null);
  const { offer } = state;
  const offeredTime = formatDateTime(offer.startDate, shell.lang);

  const take = async () => {
    setTaking(true);
    setFailure(null);
    try {
      const answer = await shell.api.post(earlierTimePath(token), earlierTimeResponseSchema);
      if (answer.type === 'success') {
        shell.toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'booking.changeTime.moved' }, { time: offeredTime }) });
        shell.navigate(shell.href('booking.appointment', { ids: answer.appointmentId }));
        return;
      }
      setOutcome(answer.type === 'offerExpired' ? 'expired' : answer.type === 'deadlineExceeded' ? 'deadline' : 'taken');
    } catch (error) {
      const network = isApiError(error) && error.failure.kind === 'network';
      if (!network) shell.errors.report(error, 'earlier-time');
      setFailure(network ? 'network' : 'failed');
    } finally {
      setTaking(false);
    }
  };

  if (outcome) return <OutcomeNotice messageId={OUTCOME_IDS[outcome]} />;

  return (
    <>
      <section className={styles.confirm} aria-labelledby="earlier-time-offered">
        <h2 id="earlier-time-offered" className="portal-mb-s portal-title-l">
          {t('offered')}
        </h2>
        <p className="portal-bold">
          <time dateTime={offer.startDate}>{offeredTime}</time>
        </p>
        <p className="portal-muted portal-wrap-anywhere">
          {offer.practitionerName} · {offer.isRemote ? t('remote') : offer.clinic.name} · {offer.durationMinutes} min
        </p>
      </section>
      <CurrentAppointment appointment={state.current} titleId="booking.waitlist.offer.current" />
      <p>{t('expires', { time: formatDateTime(state.expiresAt, shell.lang) })}</p>
      {failure && (
        <Alert variant="error">
          <p>{intl.formatMessage({ id: failure === 'network' ? 'booking.changeTime.network' : 'booking.changeTime.failed' })}</p>
        </Alert>
      )}
      <div className={`${styles.actions} portal-form-actions`}>
        <Button loading={taking} onClick={() => void take()}>
          {t('take')}
        </Button>
        <LinkButton variant="secondary" href={shell.href('booking.appointment', { ids: state.current.id })} onNavigate={shell.navigate}>
          {t('keep')}
        </LinkButton>
      </div>
    </>
  );
}

function OutcomeNotice({ messageId }: { messageId: string }) {
  const intl = useIntl();
  return (
    <Alert variant="info">
      <p>{intl.formatMessage({ id: messageId })}</p>
      <p>
        <ShellLink routeId="booking.appointments">{intl.formatMessage({ id: 'booking.changeTime.allAppointments' })}</ShellLink>
      </p>
    </Alert>
  );
}

/**
 * booking.earlier-time (beyond the spec, issue 13 "Tell me of an earlier time"): the offer of an SMS
 * link, the freed time against the current one; "Take this time" swaps the reservation like change
 * time. First come first served: a taken or expired offer says so and the current time stays.
 */
export function EarlierTimePage() {
  const intl = useIntl();
  const { token = '' } = useParams();
  const { page, retry } = usePageState('booking.earlier-time', { token });
  return (
    <div className="portal-page-column portal-grid-m">
      <PageHeading>{intl.formatMessage({ id: 'booking.waitlist.offer.title' })}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && page.data.status === 'offer-not-found' && <OutcomeNotice messageId="booking.waitlist.offer.notFound" />}
      {page.status === 'ready' && page.data.status === 'offer-expired' && <OutcomeNotice messageId="booking.waitlist.offer.expired" />}
      {page.status === 'ready' && page.data.status === 'offer-taken' && <OutcomeNotice messageId="booking.waitlist.offer.taken" />}
      {page.status === 'ready' && page.data.status === 'ok' && <OfferView token={token} state={page.data} />}
    </div>
  );
}
