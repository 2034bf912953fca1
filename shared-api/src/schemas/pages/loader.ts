import { z } from 'zod';
import { langSchema } from '../common';

/**
 * GET /api/pages/:routeId?lang=fi&param=value…  → 200 PageState | 404 (no loader or not found)
 * The same loader whose result the server embeds in the HTML for the first page.
 */
export const pageLoaderParamsSchema = z.object({ routeId: z.string().min(1) });
export const pageLoaderQuerySchema = z.object({ lang: langSchema }).catchall(z.string());
export const pageLoaderPath = (routeId: string) => `/api/pages/${encodeURIComponent(routeId)}`;
