import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { loadSearchListState } from '../search/loaders';
import type { PageDeps } from './deps';

/** booking.vaccination: the vaccination search's whole first state (search/loaders.ts loadSearchListState); reads no patient data. */
export const loader: PageLoaderFactory<'booking.vaccination', PageDeps> = () => async (ctx) =>
  ok(await loadSearchListState(ctx.db, { scope: 'vaccination', query: ctx.request.query, lang: ctx.lang, features: ctx.features }));
