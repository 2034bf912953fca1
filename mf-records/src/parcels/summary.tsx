import { createParcel } from '@portal/shared-ui';
import { recordsRemote } from '../remote';
import { RecordsSummaryBlocks } from './summary/RecordsSummaryBlocks';

/** `./summary`: the front page's records blocks, mounted with `{ shell, summary }` (FrontPageState.summaries['mf-records']). */
export const { bootstrap, mount, unmount, update } = createParcel(recordsRemote, RecordsSummaryBlocks);
