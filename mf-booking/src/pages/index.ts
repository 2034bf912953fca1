import type { RemotePageMap } from '@portal/shared-ui';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pages: RemotePageMap = {};
