import type { RemoteIdentity } from '@portal/shared-ui';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The payments remote: the owner of its routes in the composed table, and its own texts (ids `payments.*`). */
export const paymentsRemote: RemoteIdentity = { remoteId: 'mf-payments', messages: { fi, sv, en } };
