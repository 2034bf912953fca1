import type { RemoteIdentity } from '@portal/shared-ui';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The account remote: the owner of its routes in the composed table, and its own texts (ids `account.*`). */
export const accountRemote: RemoteIdentity = { remoteId: 'mf-account', messages: { fi, sv, en } };
