import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import type { PageDeps } from './deps';
import { pikkutsattiState } from './pikkutsatti';

/** account.pikkutsatti-anonymous: the children's chat without signing in (the same state as account.pikkutsatti). */
export const loader: PageLoaderFactory<'account.pikkutsatti-anonymous', PageDeps> = () => async (ctx) => ok(pikkutsattiState(ctx));
