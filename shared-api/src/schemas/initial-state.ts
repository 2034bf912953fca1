import { z } from 'zod';
import { brandSchema, environmentSchema, isoDateTimeSchema, langSchema } from './common';
import { routeTableSchema } from './routes';
import { remotesManifestSchema } from './remotes';

/** The signed-in user as the browser sees it (never the identity code). */
export const sessionUserSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  csrfToken: z.string(),
  /** occupational-health customer: decides the occupational menu group (adult brand only) */
  occupationalHealthcare: z.boolean(),
  /** per-user feature flags (e.g. is-finnair-sickness-fund-member), merged with the environment's */
  features: z.array(z.string()).default([]),
  /** set when a guardian acts for a child */
  actingFor: z.object({ firstName: z.string(), lastName: z.string() }).nullable().default(null),
  /**
   * Whether the person whose matters these are (the ward when a guardian acts for one) is a customer:
   * false until registered (spec part 2 §3 'unregistered-user'; the reservation page then shows the
   * registration form). The server always sends it; absent only in older fakes.
   */
  registered: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Brand- and environment-specific contact details and links (configuration, spec part 2 §2.4). */
export const brandConfigSchema = z.object({
  brand: brandSchema,
  customerServicePhone: z.string(),
  billingPhone: z.string(),
  billingEmail: z.string(),
  appLinks: z.object({ ios: z.string(), android: z.string() }),
  nearestLaboratoryUrl: z.string(),
  nearestImagingUrl: z.string(),
  /** cancellation and binding window in hours (docs/product-decisions.md, "Reservations and cancellation") */
  cancellationHours: z.number(),
});
export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** The requested page's loader result (docs/architecture.md, "How a page is served"). */
export const pageStateSchema = z.object({
  routeId: z.string(),
  params: z.record(z.string(), z.string()),
  state: z.unknown(),
});
export type PageState = z.infer<typeof pageStateSchema>;

/**
 * The server-embedded initial state (`<script type="application/json" id="portal-initial-state">`).
 */
export const initialStateSchema = z.object({
  lang: langSchema,
  brand: brandSchema,
  environment: environmentSchema,
  /** features on in this environment (plus the user's own) */
  features: z.array(z.string()),
  user: sessionUserSchema.nullable(),
  session: z.object({ expiresAt: isoDateTimeSchema, timeoutMinutes: z.number() }).nullable(),
  /** SMS-login onboarding parameter (spec part 1 §2 front page) */
  mfaOnboardingParam: z.object({ phoneNumber: z.string() }).nullable(),
  config: brandConfigSchema,
  routes: routeTableSchema,
  remotes: remotesManifestSchema,
  /** the requested page's state, or null when the page has no loader */
  page: pageStateSchema.nullable(),
  /** Sentry DSN for the browser, when error reporting is configured */
  sentryDsn: z.string().nullable(),
});
export type InitialState = z.infer<typeof initialStateSchema>;

/**
 * The initial state as the page embeds it: all but the route table, which the shell fetches from
 * ROUTE_TABLE_PATH as it starts (preloaded by the page). The table is the same for every page a
 * visitor opens and was 12–19 KB of each page's HTML (issue 31).
 */
export const embeddedInitialStateSchema = initialStateSchema.omit({ routes: true });
export type EmbeddedInitialState = z.infer<typeof embeddedInitialStateSchema>;

/**
 * GET: the route table of the pages this visitor is served (their remote versions: the canary
 * cookie decides, as for /remotes.json), each route without the values routeTableSchema gives by
 * default. Revalidated on every use (ETag).
 */
export const ROUTE_TABLE_PATH = '/routes.json';

export const INITIAL_STATE_ELEMENT_ID = 'portal-initial-state';

/**
 * The files a pre-rendered page's code will need, as JSON (`[{ href, as, priority? }]`), which the
 * shell's entry turns into preloads when it starts the shell (shell/src/page-hints.ts): on a page
 * the server's HTML shows whole, preload links in the HTML would compete with that HTML and its CSS
 * for the first paint.
 */
export const PAGE_HINTS_ELEMENT_ID = 'portal-page-hints';
