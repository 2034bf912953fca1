import type { RemoteIdentity } from '@portal/shared-ui';

/** The account remote: the owner of its routes in the composed table, and its own texts (ids `account.*`). */
export const accountRemote: RemoteIdentity = {
  remoteId: 'mf-account',
  messages: {
    fi: () => import('../messages/fi.json'),
    sv: () => import('../messages/sv.json'),
    en: () => import('../messages/en.json'),
  },
};
