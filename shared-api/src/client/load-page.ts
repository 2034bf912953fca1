import type { Lang } from '../schemas/common';
import { pageStateSchema, type PageState } from '../schemas/initial-state';
import { pageLoaderPath } from '../schemas/pages/loader';
import { isApiError } from './api-error';
import type { ApiClient } from './create-api-client';

/**
 * A page's loader state over the API (client-side navigation): GET /api/pages/:routeId?lang=…&params.
 * The page's own `state` stays unknown here; the page parses it with its state schema. A loader's
 * "not found" (another patient's id, an unknown date) answers 404 with a page state, as the first
 * page embeds it: that state is the answer here too, so the page shows its own not-found view.
 */
export async function loadPage(
  client: ApiClient,
  routeId: string,
  lang: Lang,
  params: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<PageState> {
  try {
    return await client.get(pageLoaderPath(routeId), pageStateSchema, {
      // lang last so a route parameter can never override it
      searchParams: { ...params, lang },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (isApiError(error) && error.failure.kind === 'not-found') {
      const notFoundState = pageStateSchema.safeParse(error.failure.body);
      if (notFoundState.success) return notFoundState.data;
    }
    throw error;
  }
}
