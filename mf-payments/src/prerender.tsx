// The payments remote's pre-render bundle (tooling/prerender-webpack.cjs): its invoices list as
// static HTML for the server's response, by the same component the remote's ./app mounts (the page's
// state is its loader's, which the server has at hand), and its front-page summary, by the component
// its ./summary parcel mounts. The server's HTML is the page's first paint: the largest one, before
// any of the portal's code has arrived (issue 31).
import { paymentsPageStates } from '@portal/shared-api';
import { createParcelPrerenderer, createRemotePrerenderer, frontPageSummaryProps } from '@portal/shared-ui/prerender';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { InvoicesPage } from './pages/invoices/InvoicesPage';
import { PaymentsSummary } from './parcels/summary/PaymentsSummary';

export const render = createRemotePrerenderer({
  remoteId: 'mf-payments',
  messages: { fi, sv, en },
  pageStates: paymentsPageStates,
  pages: { 'payments.invoices': InvoicesPage },
});

export const renderParcel = createParcelPrerenderer({
  remoteId: 'mf-payments',
  messages: { fi, sv, en },
  parcels: { './summary': { component: PaymentsSummary, props: frontPageSummaryProps } },
});
