import { z } from 'zod';
import { brandSchema } from '../../common';
import { smsLoginFaqSchema } from '../static-pages';

/**
 * account.help (ohjeita in every language; Finnish content): general patient instructions on the adult
 * brand only, the SMS login FAQ only with the mfa feature (null without it), and the brand's customer
 * service phone.
 */
export const pageStateSchema = z.object({
  brand: brandSchema,
  showGeneralInstructions: z.boolean(),
  smsLoginFaq: smsLoginFaqSchema.nullable(),
  customerServicePhone: z.string().min(1),
});
export type PageState = z.infer<typeof pageStateSchema>;
