import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

/**
 * Strong identification's configuration: the identity broker (OIDC_ISSUER, OIDC_CLIENT_ID,
 * OIDC_CLIENT_SECRET). Unset OIDC_ISSUER runs the built-in test broker in the same server.
 */
const envSchema = z.object({
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('patient-portal'),
  OIDC_CLIENT_SECRET: z.string().optional(),
});

export interface IdentityConfig {
  /** the external identity broker; null: the built-in test broker under /broker */
  oidcIssuer: string | null;
  oidcClientId: string;
  oidcClientSecret: string;
}

/** The client secret the built-in broker registers for the portal: published here, so demo only. */
export const BUILT_IN_BROKER_CLIENT_SECRET = 'demo-client-secret-for-the-built-in-broker';

/** What of this configuration is demo only (module.ts `demoParts`). */
export function identityDemoParts(config: IdentityConfig): string[] {
  const parts: string[] = [];
  if (config.oidcIssuer === null) parts.push('identity: the built-in test identity broker (OIDC_ISSUER is unset; set OIDC_ISSUER and OIDC_CLIENT_SECRET of the real broker)');
  else if (config.oidcClientSecret === BUILT_IN_BROKER_CLIENT_SECRET) parts.push('identity: OIDC_CLIENT_SECRET is the value published in this repository');
  return parts;
}

export function loadIdentityConfig(env: Env = process.env): IdentityConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set');
  }
  return {
    oidcIssuer: e.OIDC_ISSUER ?? null,
    oidcClientId: e.OIDC_CLIENT_ID,
    // The built-in broker registers this client itself; an external issuer needs a real secret.
    oidcClientSecret: e.OIDC_CLIENT_SECRET ?? BUILT_IN_BROKER_CLIENT_SECRET,
  };
}
