import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { loadSearchListState } from '../search/loaders';
import type { PageDeps } from './deps';

/** booking.private-list: the private search's whole first state (search/loaders.ts loadSearchListState); reads no patient data. */
export const loader: PageLoaderFactory<'booking.private-list', PageDeps> = () => async (ctx) =>
  ok(await loadSearchListState(ctx.db, { scope: 'private', query: ctx.request.query, lang: ctx.lang, features: ctx.features }));
