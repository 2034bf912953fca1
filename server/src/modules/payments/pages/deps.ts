import type { ModulePageDeps } from '../../../pages/loaders';
import type { PaymentsConfig } from '../config';

/** What the payments module's page loaders (pages/<page>.ts) are made from: the app and the module's config. */
export type PageDeps = ModulePageDeps<PaymentsConfig>;
