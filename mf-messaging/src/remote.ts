import type { RemoteIdentity } from '@portal/shared-ui';

/** The messaging remote: the owner of its routes in the composed table, and its own texts (ids `messaging.*`). */
export const messagingRemote: RemoteIdentity = {
  remoteId: 'mf-messaging',
  messages: {
    fi: () => import('../messages/fi.json'),
    sv: () => import('../messages/sv.json'),
    en: () => import('../messages/en.json'),
  },
};
