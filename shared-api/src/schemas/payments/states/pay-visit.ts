import { z } from 'zod';

/**
 * payments.pay-visit (pay-visit, maksa-kaynti, betala-besok; the invoice notification landing,
 * anonymous, no menu): whose visit to pay. Own visit: sign in at either brand; a child under 18:
 * the guardian's strong identification (guardianship checked), then the child's invoices.
 */
export const pageStateSchema = z.object({
  ownVisitLinks: z.array(z.object({ brand: z.enum(['adult', 'children']), url: z.string() })).min(1),
  childVisitUrl: z.string(),
});
export type PageState = z.infer<typeof pageStateSchema>;
