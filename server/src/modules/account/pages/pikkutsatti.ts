import type { PikkutsattiPageState } from '@portal/shared-api';
import { ok, type LoaderContext, type PageLoaderFactory } from '../../../pages/loaders';
import type { PageDeps } from './deps';

/** The children's chat pages (logged in and anonymous: pikkutsatti-anonymous.ts too): the brand's app links. */
export const pikkutsattiState = (ctx: LoaderContext): PikkutsattiPageState => ({ appLinks: ctx.config.brandConfig.appLinks });

/** account.pikkutsatti: the children's chat, signed in. */
export const loader: PageLoaderFactory<'account.pikkutsatti', PageDeps> = () => async (ctx) => ok(pikkutsattiState(ctx));
