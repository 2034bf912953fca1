import type { ModulePageDeps } from '../../../pages/loaders';
import type { BookingConfig } from '../config';

/** What the booking module's page loaders (pages/<page>.ts) are made from: the app and the module's config. */
export type PageDeps = ModulePageDeps<BookingConfig>;
