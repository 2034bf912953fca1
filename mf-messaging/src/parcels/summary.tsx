import { createParcel } from '@portal/shared-ui';
import { messagingRemote } from '../remote';
import { ConversationsSummary } from './summary/ConversationsSummary';

/** `./summary`: the front page's conversations block, mounted with `{ shell, summary }` (FrontPageState.summaries['mf-messaging']). */
export const { bootstrap, mount, unmount, update } = createParcel(messagingRemote, ConversationsSummary);
