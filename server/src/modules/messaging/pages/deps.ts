import type { ModulePageDeps } from '../../../pages/loaders';
import type { MessagingConfig } from '../config';

/** What the messaging module's page loaders (pages/<page>.ts) are made from: the app and the module's config. */
export type PageDeps = ModulePageDeps<MessagingConfig>;
