import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { messagingBaseState } from '../page-loaders';
import type { PageDeps } from './deps';

/** messaging.thread: whether the page may call GraphQL (page-loaders.ts messagingBaseState). */
export const loader: PageLoaderFactory<'messaging.thread', PageDeps> =
  ({ config }) =>
  async (ctx) =>
    ok(await messagingBaseState(ctx, config, 'messaging.thread-page'));
