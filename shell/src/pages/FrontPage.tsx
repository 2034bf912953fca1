import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { frontPageStateSchema } from '@portal/shared-api';
import { ErrorView, PageStatesProvider, Spinner, usePageState } from '@portal/shared-ui';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { ChatPromotionCard } from './ChatPromotionCard';
import { ParcelSlot } from './ParcelSlot';
import { SmsOnboardingBox } from './SmsOnboardingBox';

export const APPOINTMENT_CANCELLED_FRAGMENT = '#appointment-cancelled';
/** spec part 1 §9 */
export const APPOINTMENT_CANCELLED_TOAST_MS = 15_000;

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
    // spec part 2 §2.1: the fragment is removed when the toast has been shown for its 15 seconds
    const timer = window.setTimeout(() => {
      if (window.location.hash !== APPOINTMENT_CANCELLED_FRAGMENT) return;
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      locationStore.refresh();
    }, APPOINTMENT_CANCELLED_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [intl, location.hash, locationStore, shell.toasts]);
}

/**
 * Someone who is not a customer yet, or a customer with no events, belongs on registration or the
 * first-time welcome page (the server redirects a full page load; this is client-side navigation):
 * the address is replaced, so going back does not return here.
 */
function useLanding(landing: string | undefined) {
  const { shell, location: locationStore } = useRuntime();
  useEffect(() => {
    if (!landing || !shell.hasRoute(landing)) return;
    window.history.replaceState(window.history.state, '', shell.href(landing));
    locationStore.refresh();
  }, [landing, locationStore, shell]);
}

/** The page reads its state with its own schema: only the front page's chunk constructs it (pages/index.ts). */
const PAGE_STATES = { 'front-page': frontPageStateSchema };

/** Front page frame: greeting, the chat promotion the server chose (if any), then every remote's front-page parcels in manifest order. */
export function FrontPage() {
  return (
    <PageStatesProvider pageStates={PAGE_STATES}>
      <FrontPageContent />
    </PageStatesProvider>
  );
}

function FrontPageContent() {
  const runtime = useRuntime();
  // the same page-state loading as every remote page: embedded on arrival, else over the API
  const { page, retry } = usePageState('front-page');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useAppointmentCancelledToast();
  useLanding(page.status === 'ready' ? page.data.landing : undefined);
  // spec part 1 §2: the SMS-login onboarding box needs the server's phone-number parameter and a user
  const mfaPhone = runtime.state.user ? runtime.state.mfaOnboardingParam?.phoneNumber : undefined;

  if (page.status === 'loading') return <Spinner />;
  if (page.status === 'error') return <ErrorView headingLevel={1} onRetry={retry} />;
  const summaries = page.data.summaries as Record<string, unknown>;
  return (
    <div className="shell-page shell-front">
      <h1 tabIndex={-1} ref={headingRef}>
        <FormattedMessage id="shell.front.greeting" values={{ firstName: page.data.firstName }} />
      </h1>
      {mfaPhone !== undefined && <SmsOnboardingBox phoneNumber={mfaPhone} returnFocusTo={() => headingRef.current} />}
      {page.data.chatPromotion && <ChatPromotionCard promotion={page.data.chatPromotion} />}
      {runtime.remotes.flatMap((remote) =>
        remote.frontPageParcels.map((exposed) => (
          <ParcelSlot key={`${remote.id}${exposed}`} remote={remote} exposed={exposed} summary={summaries[remote.id]} />
        )),
      )}
    </div>
  );
}
