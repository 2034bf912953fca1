import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * records.certificates (paths certificates, todistukset, certifikat; spec part 2 §2.2): the patient's
 * sick-leave certificates, newest first, issued on or after CERTIFICATES_AVAILABLE_FROM (spec part 2
 * §9). The page paginates in the browser.
 */
export const CERTIFICATES_AVAILABLE_FROM = '2022-01-01';

/** Spec part 1 §3 "certificate type": a medical certificate A, or a nurse's sick-leave certificate. */
export const certificateTypes = ['medicalCertificateA', 'nurse'] as const;
export const certificateTypeSchema = z.enum(certificateTypes);
export type CertificateType = z.infer<typeof certificateTypeSchema>;

export const certificateListItemSchema = z.object({
  id: z.string(),
  type: certificateTypeSchema,
  issuedDate: isoDateSchema,
  /** the sick leave's first and last day, when the certificate gives one */
  validFrom: isoDateSchema.nullable(),
  validUntil: isoDateSchema.nullable(),
  practitionerName: z.string(),
  practitionerTitle: z.string().nullable(),
  /** initials are shown when null */
  practitionerPictureUrl: z.string().nullable(),
});
export type CertificateListItem = z.infer<typeof certificateListItemSchema>;
