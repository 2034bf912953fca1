import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { frontPageStateSchema, type FrontPageState } from '@portal/shared-api';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { ErrorView, Spinner } from '@portal/shared-ui';
import { ParcelSlot } from './ParcelSlot';
import { SmsOnboardingBox } from './SmsOnboardingBox';

export const APPOINTMENT_CANCELLED_FRAGMENT = '#appointment-cancelled';
/** spec part 1 §9 */
export const APPOINTMENT_CANCELLED_TOAST_MS = 15_000;

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; page: FrontPageState };

function useFrontPageState(): [Load, () => void] {
  const runtime = useRuntime();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>(() => {
    const initial = runtime.shell.takeInitialPageState('front-page');
    const parsed = initial ? frontPageStateSchema.safeParse(initial.state) : null;
    return parsed?.success ? { kind: 'ready', page: parsed.data } : { kind: 'loading' };
  });
  const needsFetch = attempt > 0 || load.kind === 'loading';

  useEffect(() => {
    if (!needsFetch) return undefined;
    const controller = new AbortController();
    runtime.shell
      .loadPage('front-page', {}, controller.signal)
      .then((pageState) => setLoad({ kind: 'ready', page: frontPageStateSchema.parse(pageState.state) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        runtime.shell.errors.report(error, 'front-page');
        setLoad({ kind: 'error' });
      });
    return () => controller.abort();
    // needsFetch is derived from attempt and the first state only; refetch exactly on retry
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const retry = () => {
    setLoad({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  return [load, retry];
}

function useAppointmentCancelledToast() {
  const intl = useIntl();
  const { shell, location: locationStore } = useRuntime();
  const location = useLocationSnapshot();
  useEffect(() => {
    if (location.hash !== APPOINTMENT_CANCELLED_FRAGMENT) return;
    shell.toasts.show({
      kind: 'success',
      text: intl.formatMessage({ id: 'shell.front.appointmentCancelled' }),
      durationMs: APPOINTMENT_CANCELLED_TOAST_MS,
    });
    window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
    locationStore.refresh();
  }, [intl, location, locationStore, shell.toasts]);
}

/** Front page frame: greeting, then every remote's front-page parcels in manifest order. */
export function FrontPage() {
  const runtime = useRuntime();
  const [load, retry] = useFrontPageState();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useAppointmentCancelledToast();
  // spec part 1 §2: the SMS-login onboarding box needs the server's phone-number parameter and a user
  const mfaPhone = runtime.state.user ? runtime.state.mfaOnboardingParam?.phoneNumber : undefined;

  if (load.kind === 'loading') return <Spinner />;
  if (load.kind === 'error') return <ErrorView headingLevel={1} onRetry={retry} />;
  const summaries = load.page.summaries as Record<string, unknown>;
  return (
    <div className="shell-page shell-front">
      <h1 tabIndex={-1} ref={headingRef}>
        <FormattedMessage id="shell.front.greeting" values={{ firstName: load.page.firstName }} />
      </h1>
      {mfaPhone !== undefined && <SmsOnboardingBox phoneNumber={mfaPhone} returnFocusTo={() => headingRef.current} />}
      {runtime.remotes.flatMap((remote) =>
        remote.frontPageParcels.map((exposed) => (
          <ParcelSlot key={`${remote.id}${exposed}`} remote={remote} exposed={exposed} summary={summaries[remote.id]} />
        )),
      )}
    </div>
  );
}
