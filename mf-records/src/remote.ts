import type { RemoteIdentity } from '@portal/shared-ui';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The records remote: the owner of its routes in the composed table, and its own texts (ids `records.*`). */
export const recordsRemote: RemoteIdentity = { remoteId: 'mf-records', messages: { fi, sv, en } };
