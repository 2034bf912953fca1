import { registrationPageStateSchema } from '@portal/shared-api';
import { createParcel } from '@portal/shared-ui';
import { RegistrationFormBlock } from '../components/registration/RegistrationFormBlock';
import { accountRemote } from '../remote';

/**
 * `./registration-form`: the registration form, mounted inline by another remote (the booking
 * remote's reservation page for an unregistered user) with `{ shell, onDone }`; `onDone(answer)` is
 * called once the person (or the ward a guardian acts for) is registered (answer: shared-api's
 * RegistrationResponse).
 * The form loads its page's state ('account.registration') itself.
 */
export const { bootstrap, mount, unmount, update } = createParcel(accountRemote, RegistrationFormBlock, { 'account.registration': registrationPageStateSchema });
