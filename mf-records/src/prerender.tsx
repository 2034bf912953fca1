// The records remote's pre-render bundle (tooling/prerender-webpack.cjs): its front-page summary as
// static HTML for the server's front page, by the same component its ./summary parcel mounts. It has
// no anonymous pages, so it renders no page.
import { createParcelPrerenderer, frontPageSummaryProps } from '@portal/shared-ui/prerender';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';
import { RecordsSummaryBlocks } from './parcels/summary/RecordsSummaryBlocks';

export const renderParcel = createParcelPrerenderer({
  remoteId: 'mf-records',
  messages: { fi, sv, en },
  parcels: { './summary': { component: RecordsSummaryBlocks, props: frontPageSummaryProps } },
});
