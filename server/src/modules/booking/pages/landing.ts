import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { customerTypesOf } from '../search/loaders';
import type { PageDeps } from './deps';

/** booking.landing: the customer types this brand offers (reads no patient data). */
export const loader: PageLoaderFactory<'booking.landing', PageDeps> = () => async (ctx) => ok({ customerTypes: customerTypesOf(ctx.config.brand) });
