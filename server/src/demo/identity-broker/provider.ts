import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { identificationMethodIds, langSchema, type Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { IDENTITY_CODE_CLAIM, MANDATE_FOR_CLAIM, MANDATE_SCOPE } from '../../modules/identity/index';
import { knownNames } from './demo-personas';
import { DatabaseBrokerAdapter } from './adapter';
import type { BrokerSecrets } from './keys';
import { renderBrokerErrorPage } from './page';

/** Where the built-in broker lives inside the portal's server. */
export const BROKER_MOUNT_PATH = '/broker';

/** Whether an authorization request asked for a mandate (its scope names `mandate`). */
export function asksForMandate(params: Record<string, unknown> | undefined): boolean {
  return typeof params?.scope === 'string' && params.scope.split(' ').includes(MANDATE_SCOPE);
}

/**
 * oidc-provider keeps one account id per login; a login with a mandate is the pair
 * "<identity code> <represented person's identity code>" (identity codes hold no spaces).
 */
export function brokerAccountId(identityCode: string, mandateFor?: string): string {
  return mandateFor ? `${identityCode} ${mandateFor}` : identityCode;
}

export function parseBrokerAccountId(accountId: string): { identityCode: string; mandateFor: string | undefined } {
  const [identityCode = '', mandateFor] = accountId.split(' ');
  return { identityCode, mandateFor: mandateFor || undefined };
}

const TEN_MINUTES = 10 * 60;

export interface BrokerSetup {
  db: Database;
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  secrets: BrokerSecrets;
}

export function brokerIssuer(publicUrl: string): string {
  return `${publicUrl}${BROKER_MOUNT_PATH}`;
}

export function interactionPath(uid: string): string {
  return `${BROKER_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}`;
}

/** The language the portal asked for (ui_locales), for the broker's own pages. */
export function langOfParams(params: Record<string, unknown> | undefined): Lang {
  const requested = typeof params?.ui_locales === 'string' ? params.ui_locales.split(' ')[0] : undefined;
  const parsed = langSchema.safeParse(requested);
  return parsed.success ? parsed.data : 'fi';
}

/**
 * The portal is the broker's only client and is trusted: the grant is made when the person
 * identifies, so no consent screen ever shows.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session, params } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(typeof params?.scope === 'string' ? params.scope : 'openid');
  await grant.save();
  return grant;
}

export function createBrokerProvider(setup: BrokerSetup): Provider {
  const configuration: Configuration = {
    adapter: (name: string) => new DatabaseBrokerAdapter(setup.db, name),
    clients: [
      {
        client_id: setup.clientId,
        client_secret: setup.clientSecret,
        redirect_uris: [`${setup.publicUrl}/oauth/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    jwks: { keys: setup.secrets.keys },
    cookies: {
      keys: setup.secrets.cookieKeys,
      names: { session: 'broker_session', interaction: 'broker_interaction', resume: 'broker_interaction_resume' },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    scopes: ['openid', 'profile', IDENTITY_CODE_CLAIM, MANDATE_SCOPE],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name'],
      [IDENTITY_CODE_CLAIM]: [IDENTITY_CODE_CLAIM],
      [MANDATE_SCOPE]: [MANDATE_FOR_CLAIM],
    },
    // The portal reads everything from the ID token; no userinfo round trip needed.
    conformIdTokenClaims: false,
    acrValues: [...identificationMethodIds],
    async findAccount(_ctx, accountId) {
      const { identityCode, mandateFor } = parseBrokerAccountId(accountId);
      const names = knownNames(identityCode);
      return {
        accountId,
        claims: () => ({
          sub: identityCode,
          [IDENTITY_CODE_CLAIM]: identityCode,
          ...(mandateFor ? { [MANDATE_FOR_CLAIM]: mandateFor } : {}),
          ...(names
            ? { given_name: names.givenName, family_name: names.familyName, name: `${names.givenName} ${names.familyName}` }
            : {}),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    loadExistingGrant,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: false },
    },
    ttl: {
      Interaction: TEN_MINUTES,
      Session: TEN_MINUTES,
      Grant: TEN_MINUTES,
      AuthorizationCode: 60,
      AccessToken: TEN_MINUTES,
      IdToken: TEN_MINUTES,
    },
    renderError(ctx, _out, _error) {
      ctx.type = 'html';
      ctx.body = renderBrokerErrorPage(langOfParams(ctx.oidc?.params));
    },
  };
  const provider = new Provider(brokerIssuer(setup.publicUrl), configuration);
  // Behind a TLS-terminating proxy the broker must see https to build its URLs and cookies.
  provider.proxy = true;
  return provider;
}
