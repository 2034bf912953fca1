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
 * The search's filters and the reservation's form are controls only the remote's code makes work:
 * what a visitor chose in the server's copy would be lost when the remote's copy replaces it, so
 * their shell starts right after the first paint instead of on the first interaction
 * (tooling/prerender-entry.cjs).
 */
export function needsScriptAtOnce({ state, url }: PrerenderInput): boolean {
  const routeId = matchRoute(state.routes, url.split(/[?#]/)[0] ?? url)?.route.id;
  return routeId !== undefined && routeId in FORM_PAGES;
}

export const renderParcel = createParcelPrerenderer({
  remoteId: 'mf-booking',
  messages: { fi, sv, en },
  parcels: { './summary': { component: BookingSummary, props: frontPageSummaryProps } },
});
