import type { RemoteIdentity } from '@portal/shared-ui';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The messaging remote: the owner of its routes in the composed table, and its own texts (ids `messaging.*`). */
export const messagingRemote: RemoteIdentity = { remoteId: 'mf-messaging', messages: { fi, sv, en } };
