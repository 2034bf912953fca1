import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * account.team (paths occupational-health-care-team, tyoterveystiimi, foretagshalsovardsteamet; spec
 * part 2 §2.4, §3 "Occupational info", §8): the occupational health customer's employer and the
 * responsible doctors and nurses. A member who is away has a substitute for a period; the page shows
 * the substitute greyed, marked in words, with the absence period next to the name. Only substitutes
 * whose period has not ended are sent (a past absence is no longer news).
 */

/** An absence period, Europe/Helsinki calendar dates; `from` ≤ `to`. */
export const substitutePeriodSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((period) => period.from <= period.to, { message: 'The period ends before it starts', path: ['to'] });
export type SubstitutePeriod = z.infer<typeof substitutePeriodSchema>;

/** Spec §3: id, name, substituteName, substitutePeriod (both null when nobody stands in). */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  substituteName: z.string().min(1).nullable(),
  substitutePeriod: substitutePeriodSchema.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The substitute is shown while the period is going on or ahead (`today` is yyyy-MM-dd, Helsinki). */
export function isSubstituteCurrentOrUpcoming(period: SubstitutePeriod, today: string): boolean {
  return period.to >= today;
}
