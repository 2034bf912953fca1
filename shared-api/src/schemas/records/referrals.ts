import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * Laboratory and imaging referrals (spec part 1 §3 "Referral", §Enumerations "referral type"): listed
 * on the laboratory and imaging pages as a timeline, each with its own page
 * (records.laboratory-referral, records.imaging-referral).
 *
 * Validity is not sent as a status: the browser derives 'valid until {date}' or 'not valid' from
 * `validUntil` against today in Europe/Helsinki (spec §2 "Timeline lists", §9), so the label and the
 * valid/expired decision always agree, also on a page left open over midnight.
 */
export const referralTypeSchema = z.enum(['laboratory', 'imaging']);
export type ReferralType = z.infer<typeof referralTypeSchema>;

/** The referring practitioner (spec: practitioner id, name, cmsContent title and picture). */
export const referralPractitionerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** cmsContent.title, e.g. 'Yleislääkäri' */
  title: z.string().nullable(),
  /** cmsContent.profilePicture.url; initials are shown when null */
  pictureUrl: z.string().nullable(),
});
export type ReferralPractitioner = z.infer<typeof referralPractitionerSchema>;

/** One referral in a list: what the timeline row shows. */
export const referralListItemSchema = z.object({
  id: z.string(),
  type: referralTypeSchema,
  title: z.string(),
  creationDate: isoDateSchema,
  /** the last day the referral can be used (inclusive) */
  validUntil: isoDateSchema,
  practitioner: referralPractitionerSchema,
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;

/** The referral page's referral: the list fields plus the description and the patient's instructions. */
export const referralSchema = referralListItemSchema.extend({
  /** written by the practitioner in Finnish, shown in Finnish only (spec part 1 §3) */
  description: z.string(),
  patientInstructionsUrl: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

