import { z } from 'zod';

/** booking.occupational-landing: the page passes its query string on to the occupational search. */
export const pageStateSchema = z.object({ signedIn: z.boolean() });
export type PageState = z.infer<typeof pageStateSchema>;
