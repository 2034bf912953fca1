import { createParcel } from '@portal/shared-ui';
import { bookingRemote } from '../remote';
import { BookingSummary } from './summary/BookingSummary';

/** `./summary`: the front page's booking block, mounted with `{ shell, summary }` (FrontPageState.summaries['mf-booking']). */
export const { bootstrap, mount, unmount, update } = createParcel(bookingRemote, BookingSummary);
