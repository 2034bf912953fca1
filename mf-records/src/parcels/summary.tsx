import { createParcel } from '@portal/shared-ui';
import { recordsRemote } from '../remote';
import { RecordsSummaryBlocks } from './summary/RecordsSummaryBlocks';

/**
 * `./summary`: the front page's records blocks, mounted with `{ shell, summary }` (FrontPageState.summaries['mf-records']).
 * Without a summary its retry asks for the front page's state again; the schema that parses that
 * state comes with the retry (summary/ReloadedSummary.tsx), not with the parcel.
 */
export const { bootstrap, mount, unmount, update } = createParcel(recordsRemote, RecordsSummaryBlocks);
