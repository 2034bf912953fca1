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
const routeIdSchema = z.string().regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/);

export const routeDefinitionSchema = z.object({
  id: routeIdSchema,
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
  /**
   * false: the page has no server state (no state schema, no server loader). A route id (of the same
   * routes.json): the page's state is of that page's schema (its states/<page>.ts); the page has no
   * state schema of its own, but its own server loader. Absent: the page has both, by convention
   * (tooling/route-ids.cjs, docs/feature-teams.md).
   */
  state: z.union([z.literal(false), routeIdSchema]).optional(),
  /**
   * A route id (of the same routes.json): this page is a variant of that page, e.g. the same list on
   * another path with another title. Its state is of that page's schema (as with `state`), and its
   * component is exported by that page's component file under this page's own name
   * (booking.insurance-list: InsuranceListPage in src/pages/private-list/PrivateListPage.tsx).
   */
  variantOf: routeIdSchema.optional(),
});
export type RouteDefinition = z.infer<typeof routeDefinitionSchema>;
export type RouteDefinitionInput = z.input<typeof routeDefinitionSchema>;

/**
 * A routes.json: its routes, where a `state` or `variantOf` that names a route names another route of
 * the same file that has its own state schema (no `"state"`, no `variantOf`: no chains), and a
 * variant does not also say `state`.
 */
export const remoteRoutesFileSchema = z.array(routeDefinitionSchema).superRefine((routes, ctx) => {
  const byId = new Map(routes.map((route) => [route.id, route]));
  routes.forEach((route, index) => {
    if (route.variantOf !== undefined && route.state !== undefined) {
      ctx.addIssue({ code: 'custom', path: [index, 'state'], message: `${route.id} is a variant of ${route.variantOf}: its state is that page's, it says no "state"` });
    }
    for (const key of ['state', 'variantOf'] as const) {
      const named = route[key];
      if (typeof named !== 'string') continue;
      const target = byId.get(named);
      if (!target || named === route.id) {
        ctx.addIssue({ code: 'custom', path: [index, key], message: `${route.id}: "${key}" must name another route of the same routes.json, not ${named}` });
      } else if (target.state !== undefined || target.variantOf !== undefined) {
        ctx.addIssue({ code: 'custom', path: [index, key], message: `${route.id}: "${key}" names ${named}, which has no state schema of its own` });
      }
    }
  });
});

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
