import type { Lang } from '../schemas/common';
import { pageStateSchema, type PageState } from '../schemas/initial-state';
import { pageLoaderPath } from '../schemas/pages/loader';
import type { ApiClient } from './create-api-client';

/**
 * A page's loader state over the API (client-side navigation): GET /api/pages/:routeId?lang=…&params.
 * The page's own `state` stays unknown here; the page parses it with its state schema.
 */
export function loadPage(
  client: ApiClient,
  routeId: string,
  lang: Lang,
  params: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<PageState> {
  return client.get(pageLoaderPath(routeId), pageStateSchema, {
    // lang last so a route parameter can never override it
    searchParams: { ...params, lang },
    ...(signal ? { signal } : {}),
  });
}
