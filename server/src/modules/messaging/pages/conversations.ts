import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { messagingBaseState } from '../page-state';
import type { PageDeps } from './deps';

/** messaging.conversations: whether the page may call GraphQL (page-state.ts messagingBaseState). */
export const loader: PageLoaderFactory<'messaging.conversations', PageDeps> =
  ({ config }) =>
  async (ctx) =>
    ok(await messagingBaseState(ctx, config, 'messaging.conversations'));
