import { z } from 'zod';
import { textSchema } from './text';

/** Where the shell sends a sampled page load's Core Web Vitals (issue 30). */
export const WEB_VITALS_PATH = '/api/web-vitals';

export const webVitalNameSchema = z.enum(['LCP', 'INP', 'CLS']);
export type WebVitalName = z.infer<typeof webVitalNameSchema>;

/**
 * The largest value taken: a minute for LCP and INP (ms); CLS has no unit and a real page stays far
 * below 10. Anything above is a broken measurement or a forged one, and would only stretch the
 * histograms' top bucket.
 */
export const WEB_VITAL_MAX: Readonly<Record<WebVitalName, number>> = { LCP: 60_000, INP: 60_000, CLS: 10 };

/** A route id as routes.json declares them (`front-page`, `records.visit`): the page type, never its address. */
const pageTypeSchema = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/, 'Not a route id');

/**
 * The beacon's body: one metric of one page load, the route id of the page it was loaded on and the
 * remote version that rendered it. Nothing of the visitor: no address (it holds ids), no metric id,
 * no attribution (it names elements and their text); a body with any other field is refused.
 */
export const webVitalsBeaconSchema = z
  .strictObject({
    metric: webVitalNameSchema,
    /** ms for LCP and INP, the layout shift score for CLS */
    value: z.number().finite().min(0),
    pageType: pageTypeSchema,
    /** absent for the shell's own pages, or when the shell does not know the version */
    remote: z.strictObject({ id: textSchema.min(1).max(100), version: textSchema.min(1).max(200) }).optional(),
  })
  .superRefine((beacon, context) => {
    const max = WEB_VITAL_MAX[beacon.metric];
    if (beacon.value > max) context.addIssue({ code: 'custom', path: ['value'], message: `At most ${max} for ${beacon.metric}` });
  });
export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;
