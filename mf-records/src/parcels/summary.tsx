import { frontPageStateSchema } from '@portal/shared-api';
import { createParcel } from '@portal/shared-ui';
import { recordsRemote } from '../remote';
import { RecordsSummaryBlocks } from './summary/RecordsSummaryBlocks';

/**
 * `./summary`: the front page's records blocks, mounted with `{ shell, summary }` (FrontPageState.summaries['mf-records']).
 * Without a summary it asks for the front page's state again, so it parses that state itself.
 */
export const { bootstrap, mount, unmount, update } = createParcel(recordsRemote, RecordsSummaryBlocks, { 'front-page': frontPageStateSchema });
