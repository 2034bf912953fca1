import type { RemoteIdentity } from '@portal/shared-ui';

/** The payments remote: the owner of its routes in the composed table, and its own texts (ids `payments.*`). */
export const paymentsRemote: RemoteIdentity = {
  remoteId: 'mf-payments',
  messages: {
    fi: () => import('../messages/fi.json'),
    sv: () => import('../messages/sv.json'),
    en: () => import('../messages/en.json'),
  },
};
