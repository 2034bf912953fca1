import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import type { PageDeps } from './deps';

/** booking.occupational-landing: whether the visitor is signed in. */
export const loader: PageLoaderFactory<'booking.occupational-landing', PageDeps> = () => async (ctx) => ok({ signedIn: ctx.session !== null });
