// The booking remote's pre-render bundle (tooling/prerender-webpack.cjs): its anonymous pages as
// static HTML for the server's response, by the same components the remote's ./app mounts, and its
// front-page summary, by the component its ./summary parcel mounts. The appointment search's first
// page of free times is in its loader state, and so are the reservation's appointment and patient, so
// they are the server's first paint too (issue 31: their largest paint came after the remote's code).
// On a phone the search's filters fold behind a button by the screen's width, which the server cannot
// know: its copy is rendered with the viewport unknown, and the style sheet folds it
// (FiltersDisclosure).
import type { ComponentType } from 'react';
import { bookingPageStates } from '@portal/shared-api';
import type { RemotePageMap } from '@portal/shared-ui';
import { createParcelPrerenderer, createRemotePrerenderer, frontPageSummaryProps, type PrerenderInput } from '@portal/shared-ui/prerender';
import { matchRoute } from '@portal/shared-i18n';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { ViewportUnknownContext } from './components/search-filters/FiltersDisclosure';
import { InsuranceListPage, PrivateListPage, VaccinationPage } from './pages/private-list/PrivateListPage';
import { LandingPage } from './pages/landing/LandingPage';
import { ReservationInsurancePage, ReservationOccupationalPage, ReservationPage } from './pages/reservation/ReservationPage';
import { BookingSummary } from './parcels/summary/BookingSummary';

/** A search page as the server renders it: without a screen to ask its width. */
function withViewportUnknown(Page: ComponentType): ComponentType {
  const ServerCopy = () => (
    <ViewportUnknownContext.Provider value={true}>
      <Page />
    </ViewportUnknownContext.Provider>
  );
  ServerCopy.displayName = `ServerCopy(${Page.displayName ?? Page.name})`;
  return ServerCopy;
}

// The search's filters and the reservation's form are controls only the remote's code makes work.
// The shell still waits for the visitor on them (but see needsScriptAtOnce): a press of one before
// the remote's copy has replaced the server's is pressed again on it, and what was typed or chosen
// is entered there (shell/src/click-hand-over.ts, field-hand-over.ts; issue 31). An anonymous
// visitor's free time is followed by the running page too (SlotCard), where the reservation keeps
// what they type in memory for their next pick (WCAG 3.3.7).
const FORM_PAGES: RemotePageMap = {
  'booking.private-list': withViewportUnknown(PrivateListPage),
  'booking.insurance-list': withViewportUnknown(InsuranceListPage),
  'booking.vaccination': withViewportUnknown(VaccinationPage),
  'booking.reservation': ReservationPage,
  'booking.reservation-insurance': ReservationInsurancePage,
  'booking.reservation-occupational': ReservationOccupationalPage,
};

export const render = createRemotePrerenderer({
  remoteId: 'mf-booking',
  messages: { fi, sv, en },
  pageStates: bookingPageStates,
  pages: { 'booking.landing': LandingPage, ...FORM_PAGES },
});

/**
 * Back from an insurer's own page (`?status=` on the insurance reservation), the running code acts
 * on the insurer's answer (it fetches the permits the insurer granted into the dialog): the server's
 * copy is not the whole page, so the shell starts after its first paint.
 */
export function needsScriptAtOnce({ state, url }: PrerenderInput): boolean {
  const [pathname = url, search = ''] = url.split(/[?#]/);
  const routeId = matchRoute(state.routes, pathname)?.route.id;
  return routeId === 'booking.reservation-insurance' && new URLSearchParams(search).has('status');
}

export const renderParcel = createParcelPrerenderer({
  remoteId: 'mf-booking',
  messages: { fi, sv, en },
  parcels: { './summary': { component: BookingSummary, props: frontPageSummaryProps } },
});
