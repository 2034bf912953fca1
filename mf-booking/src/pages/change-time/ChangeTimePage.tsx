import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import {
  changeTimePath,
  changeTimeResponseSchema,
  changeTimeSlotPageSchema,
  changeTimeSlotsPath,
  isApiError,
  type ChangeTimeSlot,
  type MovableAppointment,
} from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { Alert, Button, PageHeading, PageLoadStatus, ShellLink, usePageState, useShell } from '@portal/shared-ui';
import styles from './ChangeTimePage.module.css';

/** The appointment being moved: its time, practitioner and place. */
export function CurrentAppointment({ appointment, titleId }: { appointment: MovableAppointment; titleId: string }) {
  const intl = useIntl();
  const { lang } = useShell();
  return (
    <section className={styles.current} aria-label={intl.formatMessage({ id: titleId })}>
      <h2 className="portal-mb-s portal-title-l">{intl.formatMessage({ id: titleId })}</h2>
      <p className="portal-bold">
        <time dateTime={appointment.startDate}>{formatDateTime(appointment.startDate, lang)}</time>
      </p>
      <p className="portal-muted portal-wrap-anywhere">
        {appointment.practitioner.name} · {appointment.specialty.title} ·{' '}
        {appointment.isRemote ? intl.formatMessage({ id: 'booking.changeTime.remote' }) : appointment.clinic.name}
      </p>
    </section>
  );
}

function placeOf(slot: ChangeTimeSlot, t: (id: string) => string): string {
  if (slot.isVideo) return t('video');
  return slot.isRemote ? t('remote') : slot.clinic.name;
}

type Problem = 'taken' | 'failed' | 'network' | 'loadMoreFailed' | null;

function FreeTimes({ appointment, initialSlots, initialHasMore }: { appointment: MovableAppointment; initialSlots: ChangeTimeSlot[]; initialHasMore: boolean }) {
  const intl = useIntl();
  const shell = useShell();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `booking.changeTime.${id}` }, values);
  const [slots, setSlots] = useState(initialSlots);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [loadingMore, setLoadingMore] = useState(false);
  const [chosen, setChosen] = useState<ChangeTimeSlot | null>(null);
  const [moving, setMoving] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [deadline, setDeadline] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const hadChoice = useRef(false);
  useEffect(() => {
    // the confirmation replaces the list and back: focus follows, so the keyboard is never lost
    if (chosen) confirmHeading.current?.focus();
    else if (hadChoice.current) listHeading.current?.focus();
    hadChoice.current = chosen !== null;
  }, [chosen]);

  const showMore = async () => {
    setLoadingMore(true);
    setProblem(null);
    try {
      const next = await shell.api.get(changeTimeSlotsPath(appointment.id), changeTimeSlotPageSchema, { searchParams: { offset: slots.length } });
      setSlots((current) => [...current, ...next.slots.filter((slot) => !current.some((c) => c.id === slot.id))]);
      setHasMore(next.hasMore);
    } catch (error) {
      if (!(isApiError(error) && error.failure.kind === 'network')) shell.errors.report(error, 'change-time');
      setProblem('loadMoreFailed');
    } finally {
      setLoadingMore(false);
    }
  };

  const move = async (slot: ChangeTimeSlot) => {
    setMoving(true);
    setProblem(null);
    try {
      const answer = await shell.api.post(changeTimePath(appointment.id), changeTimeResponseSchema, { json: { slotId: slot.id } });
      if (answer.type === 'success') {
        shell.toasts.show({ kind: 'success', text: t('moved', { time: formatDateTime(slot.startDate, shell.lang) }) });
        shell.navigate(shell.href('booking.appointment', { ids: answer.appointmentId }));
        return;
      }
      if (answer.type === 'deadlineExceeded') setDeadline(true);
      else {
        setSlots((current) => current.filter((s) => s.id !== slot.id));
        setProblem('taken');
      }
      setChosen(null);
    } catch (error) {
      const network = isApiError(error) && error.failure.kind === 'network';
      if (!network) shell.errors.report(error, 'change-time');
      setProblem(network ? 'network' : 'failed');
    } finally {
      setMoving(false);
    }
  };

  if (deadline) return <DeadlineNotice />;

  return (
    <>
      <p>{t('intro', { practitioner: appointment.practitioner.name })}</p>
      {problem && (
        <Alert variant={problem === 'taken' ? 'warning' : 'error'}>
          <p>{t(problem)}</p>
        </Alert>
      )}
      {chosen ? (
        <section className={styles.confirm} aria-labelledby="change-time-confirm">
          <h2 id="change-time-confirm" ref={confirmHeading} tabIndex={-1} className="portal-mb-s portal-title-l">
            {t('confirm.title', { time: formatDateTime(chosen.startDate, shell.lang) })}
          </h2>
          <p className="portal-muted portal-wrap-anywhere">{placeOf(chosen, t)}</p>
          <div className={`${styles.actions} portal-form-actions`}>
            <Button loading={moving} onClick={() => void move(chosen)}>
              {t('confirm.yes')}
            </Button>
            <Button
              variant="secondary"
              disabled={moving}
              onClick={() => {
                setChosen(null);
                setProblem(null);
              }}
            >
              {t('confirm.no')}
            </Button>
          </div>
        </section>
      ) : (
        <section aria-labelledby="change-time-list">
          <h2 id="change-time-list" ref={listHeading} tabIndex={-1} className="portal-mb-s portal-title-l">
            {t('listTitle')}
          </h2>
          {slots.length === 0 ? (
            <p>{t('empty', { practitioner: appointment.practitioner.name })}</p>
          ) : (
            <ul className="portal-plain-list portal-grid-s" aria-labelledby="change-time-list">
              {slots.map((slot) => {
                const time = formatDateTime(slot.startDate, shell.lang);
                return (
                  <li key={slot.id} className={`${styles.slot} portal-frame portal-justify-between portal-form-actions portal-items-center`}>
                    <span className={styles.slotText}>
                      <time dateTime={slot.startDate} className="portal-bold">
                        {time}
                      </time>
                      <span className="portal-muted portal-wrap-anywhere">
                        {placeOf(slot, t)} · {slot.durationMinutes} min
                      </span>
                    </span>
                    <Button variant="secondary" size="small" aria-label={t('choose', { time })} onClick={() => setChosen(slot)}>
                      {t('chooseShort')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          {hasMore && (
            <div className={styles.more}>
              <Button variant="tertiary" loading={loadingMore} onClick={() => void showMore()}>
                {t('showMore')}
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}

function DeadlineNotice({ hours }: { hours?: number }) {
  const intl = useIntl();
  const shell = useShell();
  const phone = shell.config.customerServicePhone;
  return (
    <Alert variant="warning">
      <p>
        {intl.formatMessage(
          { id: 'booking.changeTime.deadline' },
          { hours: String(hours ?? shell.config.cancellationHours), phone: <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a> },
        )}
      </p>
    </Alert>
  );
}

/**
 * booking.change-time (beyond the spec, issue 13 "Change time"): the same practitioner's free times
 * for four weeks, 20 at a time; choosing one and confirming swaps the reservation (the old time is
 * released only once the new one is held) and opens the new appointment's page. Inside the
 * cancellation window the time can no longer be changed online.
 */
export function ChangeTimePage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { page, retry } = usePageState('booking.change-time', { id });
  const t = (key: string) => intl.formatMessage({ id: `booking.changeTime.${key}` });
  return (
    <div className="portal-page-column portal-grid-m">
      <p className="portal-m0">
        <ShellLink routeId="booking.appointment" params={{ ids: id }}>
          <span aria-hidden="true">← </span>
          {t('back')}
        </ShellLink>
      </p>
      <PageHeading>{t('title')}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && page.data.status === 'appointment-not-found' && (
        <Alert variant="info">
          <p>{t('notFound')}</p>
          <p>
            <ShellLink routeId="booking.appointments">{t('allAppointments')}</ShellLink>
          </p>
        </Alert>
      )}
      {page.status === 'ready' && page.data.status === 'deadline-exceeded' && (
        <>
          <CurrentAppointment appointment={page.data.appointment} titleId="booking.changeTime.current" />
          <DeadlineNotice hours={page.data.cancellationHours} />
        </>
      )}
      {page.status === 'ready' && page.data.status === 'ok' && (
        <>
          <CurrentAppointment appointment={page.data.appointment} titleId="booking.changeTime.current" />
          <FreeTimes appointment={page.data.appointment} initialSlots={page.data.slots} initialHasMore={page.data.hasMore} />
        </>
      )}
    </div>
  );
}
