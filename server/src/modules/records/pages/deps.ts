import type { ModulePageDeps } from '../../../pages/loaders';
import type { RecordsConfig } from '../config';

/**
 * What the records module's page loaders (pages/<page>.ts) are made from: the app (`app.messaging`,
 * read at each request: messaging installs after records) and the module's config (the
 * questionnaires' and the imaging API's status).
 */
export type PageDeps = ModulePageDeps<RecordsConfig>;
