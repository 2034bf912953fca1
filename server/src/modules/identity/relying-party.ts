import * as oidc from 'openid-client';

/**
 * The portal as an OpenID Connect relying party (openid-client 6). Discovery runs once per process
 * and is cached (it is configuration, not per-flow state; a failed discovery is retried next time).
 */
export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** http:// issuers are allowed only for local and test setups (the built-in broker) */
  allowInsecureRequests: boolean;
  /** answers the issuer's back-channel requests without the network (the built-in broker) */
  fetch?: oidc.CustomFetch;
}

export class RelyingParty {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly options: RelyingPartyOptions) {}

  discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret, allowInsecureRequests, fetch } = this.options;
      this.configuration = oidc
        .discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
          ...(allowInsecureRequests ? { execute: [oidc.allowInsecureRequests] } : {}),
          ...(fetch ? { [oidc.customFetch]: fetch } : {}),
        })
        .then((configuration) => {
          if (fetch) configuration[oidc.customFetch] = fetch;
          return configuration;
        })
        .catch((error: unknown) => {
          this.configuration = null;
          throw error;
        });
    }
    return this.configuration;
  }
}

export interface StartedFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  authorizationUrl: URL;
}

export async function startAuthorization(
  rp: RelyingParty,
  input: { redirectUri: string; scope: string; acrValue: string; lang: string },
): Promise<StartedFlow> {
  const configuration = await rp.discover();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: input.scope,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    acr_values: input.acrValue,
    ui_locales: input.lang,
    // Strong identification is asked every time; a broker session must not sign in someone else.
    prompt: 'login',
  });
  return { state, nonce, codeVerifier, authorizationUrl };
}

export type IdTokenClaims = oidc.IDToken;

export async function finishAuthorization(
  rp: RelyingParty,
  input: { callbackUrl: URL; redirectUri: string; state: string; nonce: string; codeVerifier: string },
): Promise<IdTokenClaims> {
  const configuration = await rp.discover();
  const tokens = await oidc.authorizationCodeGrant(
    configuration,
    input.callbackUrl,
    { pkceCodeVerifier: input.codeVerifier, expectedState: input.state, expectedNonce: input.nonce, idTokenExpected: true },
    { redirect_uri: input.redirectUri },
  );
  const claims = tokens.claims();
  if (!claims) throw new Error('the token response had no ID token');
  return claims;
}

/** A short, secret-free description of a failure for the log (never a token, code or identity code). */
export function describeFailure(error: unknown): Record<string, string> {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return { kind: error.name, error: error.error };
  }
  if (error instanceof oidc.ClientError) return { kind: error.name, code: error.code ?? 'unknown' };
  if (error instanceof Error) return { kind: error.name };
  return { kind: typeof error };
}
