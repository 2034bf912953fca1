// The records remote's pre-render bundle (tooling/prerender-webpack.cjs): its visits list and
// laboratory result pages as static HTML for the server's response, by the same components the
// remote's ./app mounts (each page's state is its loader's, which the server has at hand), and its
// front-page summary, by the component its ./summary parcel mounts. The server's HTML is the page's
// first paint: the largest one, before any of the portal's code has arrived (issue 31).
import { recordsPageStates } from '@portal/shared-api';
import { createParcelPrerenderer, createRemotePrerenderer, frontPageSummaryProps } from '@portal/shared-ui/prerender';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { LaboratoryResultPage } from './pages/laboratory-result/LaboratoryResultPage';
import { VisitsPage } from './pages/visits/VisitsPage';
import { RecordsSummaryBlocks } from './parcels/summary/RecordsSummaryBlocks';

export const render = createRemotePrerenderer({
  remoteId: 'mf-records',
  messages: { fi, sv, en },
  pageStates: recordsPageStates,
  pages: { 'records.visits': VisitsPage, 'records.laboratory-result': LaboratoryResultPage },
});

export const renderParcel = createParcelPrerenderer({
  remoteId: 'mf-records',
  messages: { fi, sv, en },
  parcels: { './summary': { component: RecordsSummaryBlocks, props: frontPageSummaryProps } },
});
