// The booking remote's pre-render bundle (tooling/prerender-webpack.cjs): its anonymous pages as
// static HTML for the server's response, by the same components the remote's ./app mounts, and its
// front-page summary, by the component its ./summary parcel mounts.
import { bookingPageStates } from '@portal/shared-api';
import { createParcelPrerenderer, createRemotePrerenderer, frontPageSummaryProps } from '@portal/shared-ui/prerender';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { LandingPage } from './pages/landing/LandingPage';
import { BookingSummary } from './parcels/summary/BookingSummary';

export const render = createRemotePrerenderer({
  remoteId: 'mf-booking',
  messages: { fi, sv, en },
  pageStates: bookingPageStates,
  pages: { 'booking.landing': LandingPage },
});

export const renderParcel = createParcelPrerenderer({
  remoteId: 'mf-booking',
  messages: { fi, sv, en },
  parcels: { './summary': { component: BookingSummary, props: frontPageSummaryProps } },
});
