import type { RemoteIdentity } from '@portal/shared-ui';
import en from '../messages/en.json';
import fi from '../messages/fi.json';
import sv from '../messages/sv.json';

/** The booking remote: the owner of its routes in the composed table, and its own texts (ids `booking.*`). */
export const bookingRemote: RemoteIdentity = { remoteId: 'mf-booking', messages: { fi, sv, en } };
