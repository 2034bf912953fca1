import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { loadSearchListState } from '../search/loaders';
import type { PageDeps } from './deps';

/** booking.insurance-list: the insurance search's whole first state (search/loaders.ts loadSearchListState); reads no patient data. */
export const loader: PageLoaderFactory<'booking.insurance-list', PageDeps> = () => async (ctx) =>
  ok(await loadSearchListState(ctx.db, { scope: 'insurance', query: ctx.request.query, lang: ctx.lang, features: ctx.features }));
