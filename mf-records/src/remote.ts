import type { RemoteIdentity } from '@portal/shared-ui';

/** The records remote: the owner of its routes in the composed table, and its own texts (ids `records.*`). */
export const recordsRemote: RemoteIdentity = {
  remoteId: 'mf-records',
  messages: {
    fi: () => import('../messages/fi.json'),
    sv: () => import('../messages/sv.json'),
    en: () => import('../messages/en.json'),
  },
};
