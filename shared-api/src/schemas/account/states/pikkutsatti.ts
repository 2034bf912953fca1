import { z } from 'zod';
import { appLinksSchema } from '../static-pages';

/** account.pikkutsatti and account.pikkutsatti-anonymous: the children's chat has moved to the app. */
export const pageStateSchema = z.object({ appLinks: appLinksSchema });
export type PageState = z.infer<typeof pageStateSchema>;
