import { MFA_FEATURE, type HelpPageState } from '@portal/shared-api';
import { ok, type LoaderContext, type PageLoaderFactory } from '../../../pages/loaders';
import type { AccountConfig } from '../config';
import type { PageDeps } from './deps';

/**
 * The help page: instructions on the adult brand only, the SMS login FAQ with the mfa feature (quoting
 * the code's lifetime and the wrong codes allowed from this module's settings), the brand's phone.
 */
const helpState = (ctx: LoaderContext, config: AccountConfig): HelpPageState => ({
  brand: ctx.config.brand,
  showGeneralInstructions: ctx.config.brand === 'adult',
  smsLoginFaq: ctx.features.includes(MFA_FEATURE)
    ? { codeValidMinutes: Math.max(1, Math.round(config.smsLoginCodeTtlSeconds / 60)), maxAttempts: config.smsLoginMaxAttempts }
    : null,
  customerServicePhone: ctx.config.brandConfig.customerServicePhone,
});

/** account.help (spec part 2 §2.2, §8): the help page; it has no calls of its own. */
export const loader: PageLoaderFactory<'account.help', PageDeps> =
  ({ config }) =>
  async (ctx) =>
    ok(helpState(ctx, config));
