import { z } from 'zod';
import { type langSchema, localizedTextSchema } from './common';

/**
 * Page kinds (spec part 1 §6, part 2 §2): who may open a page.
 * - logged-in: needs a session; anonymous visitors are redirected to the login page with nextPath.
 * - anonymous: anyone.
 * - anonymous-with-feature: anyone, but only when the route's features are on.
 * - expired-session: for users whose session ended (minimal header, no footer, no menu).
 */
export const pageKindSchema = z.enum(['logged-in', 'anonymous', 'anonymous-with-feature', 'expired-session']);
export type PageKind = z.infer<typeof pageKindSchema>;

export const menuGroupSchema = z.enum(['main', 'occupational', 'sickness-fund', 'other', 'account']);
export type MenuGroup = z.infer<typeof menuGroupSchema>;

/**
 * One page as a remote declares it in its routes.json.
 * Paths are relative to /{lang}/ and use `:name` for parameters; `''` is the front page.
 * A parameter's value must match `params[name]` (a regular expression source, anchored by the matcher).
 */
export const routeDefinitionSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/),
  paths: z.object({ fi: z.string(), sv: z.string(), en: z.string() }),
  params: z.record(z.string(), z.string()).optional(),
  kind: pageKindSchema,
  /** every listed feature must be on for the page to exist */
  features: z.array(z.string()).default([]),
  /** brands on which the page exists; default both */
  brands: z.array(z.enum(['adult', 'children'])).default(['adult', 'children']),
  layout: z
    .object({
      menu: z.boolean().default(true),
      footer: z.boolean().default(true),
      fullWidth: z.boolean().default(false),
    })
    .default({ menu: true, footer: true, fullWidth: false }),
  menu: z
    .object({
      group: menuGroupSchema,
      order: z.number().int(),
      /** message id in the remote's catalogue; the build resolves it into `label` */
      labelId: z.string(),
      label: localizedTextSchema.optional(),
      /** the entry needs the user to be an occupational-health customer */
      occupationalOnly: z.boolean().optional(),
      /** extra features needed for the menu entry (beyond the page's own) */
      features: z.array(z.string()).optional(),
    })
    .optional(),
});
export type RouteDefinition = z.infer<typeof routeDefinitionSchema>;
export type RouteDefinitionInput = z.input<typeof routeDefinitionSchema>;

export const remoteRoutesFileSchema = z.array(routeDefinitionSchema);

/** A route in the composed table: the definition plus who renders it. */
export const composedRouteSchema = routeDefinitionSchema.extend({
  /** 'shell' or the remote's folder name, e.g. 'mf-records' */
  owner: z.string(),
});
export type ComposedRoute = z.infer<typeof composedRouteSchema>;
export const routeTableSchema = z.array(composedRouteSchema);
export type RouteTable = z.infer<typeof routeTableSchema>;

export interface RouteMatch {
  route: ComposedRoute;
  lang: z.infer<typeof langSchema>;
  params: Record<string, string>;
}
