import { createParcel } from '@portal/shared-ui';
import { paymentsRemote } from '../remote';
import { PaymentsSummary } from './summary/PaymentsSummary';

/** `./summary`: the front page's payments block, mounted with `{ shell, summary }` (FrontPageState.summaries['mf-payments']). */
export const { bootstrap, mount, unmount, update } = createParcel(paymentsRemote, PaymentsSummary);
