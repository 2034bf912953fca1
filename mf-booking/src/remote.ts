import type { RemoteIdentity } from '@portal/shared-ui';

/** The booking remote: the owner of its routes in the composed table, and its own texts (ids `booking.*`). */
export const bookingRemote: RemoteIdentity = {
  remoteId: 'mf-booking',
  messages: {
    fi: () => import('../messages/fi.json'),
    sv: () => import('../messages/sv.json'),
    en: () => import('../messages/en.json'),
  },
};
