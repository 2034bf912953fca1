import { dataProcessingPageStateSchema } from '@portal/shared-api';
import { createParcel } from '@portal/shared-ui';
import { ConsentFormBlock } from '../components/consent/ConsentFormBlock';
import { accountRemote } from '../remote';

/**
 * `./consent-form`: the patient data consent form, mounted inline by another remote (the booking
 * remote's reservation page) with `{ shell, onDone }`; `onDone(answer)` is called once the consents
 * are saved (answer: shared-api's ConsentResponse).
 * The form loads its page's state ('account.data-processing') itself.
 */
export const { bootstrap, mount, unmount, update } = createParcel(accountRemote, ConsentFormBlock, { 'account.data-processing': dataProcessingPageStateSchema });
