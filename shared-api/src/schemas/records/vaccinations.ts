import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * records.vaccinations (paths vaccinations, rokotukset, vaccinationer; spec part 2 §2.4, §3
 * "Vaccination": name, date, effectiveUntil, practitioner name): every vaccination, newest first;
 * the page shows VACCINATIONS_PAGE_SIZE per page (spec part 2 §9).
 */
export const VACCINATIONS_PAGE_SIZE = 25;

export const vaccinationListItemSchema = z.object({
  id: z.string(),
  vaccineName: z.string(),
  date: isoDateSchema,
  /** e.g. '0,5 ml' */
  dose: z.string().nullable(),
  /** until when the vaccination protects (the next dose is due then); null when it needs no booster */
  effectiveUntil: isoDateSchema.nullable(),
  practitionerName: z.string().nullable(),
  practitionerPictureUrl: z.string().nullable(),
});
export type VaccinationListItem = z.infer<typeof vaccinationListItemSchema>;
