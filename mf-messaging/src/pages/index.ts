import type { ComponentType } from 'react';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pagesByRouteId: Readonly<Record<string, ComponentType>> = {};
