import { z } from 'zod';
import { textSchema } from '../text';
import { langSchema } from '../common';

/**
 * GET /api/pages/:routeId?lang=fi&param=value…  → 200 PageState | 404 (no loader or not found)
 * The same loader whose result the server embeds in the HTML for the first page.
 */
export const pageLoaderParamsSchema = z.object({ routeId: textSchema.min(1) });
export const pageLoaderQuerySchema = z.object({ lang: langSchema }).catchall(textSchema);
export const pageLoaderPath = (routeId: string) => `/api/pages/${encodeURIComponent(routeId)}`;
