import type { ModulePageDeps } from '../../../pages/loaders';
import type { AccountConfig } from '../config';

/**
 * What the account module's page loaders (pages/<page>.ts, the shell's expired-session page among
 * them) are made from: the app (`app.passkeys`, `app.reminders`, read at each request) and the
 * module's config.
 */
export type PageDeps = ModulePageDeps<AccountConfig>;
