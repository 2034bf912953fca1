import type { Environment } from '@portal/shared-api';

/**
 * Environment feature flags (spec part 1 §1, part 2 §6). The server decides which pages exist and
 * what the shell shows from these; `FEATURES=a,b,-c` adds or removes flags on top of the defaults.
 *
 * - customer-messaging-enabled   messaging entry in the occupational menu group
 * - customer-messaging-allowed   conversation pages and new conversation
 * - prescription-renewal         renewal checkboxes, cart and the renewal page
 * - mfa                          SMS login onboarding and the help FAQ about it
 * - price-details                price estimate breakdown in booking
 * - ohc-appointment-search       anonymous occupational landing and vaccination pages
 * - lahitapiola-insurance-flow   the LähiTapiola insurance flow in booking
 * - sickness-fund-page           sickness fund menu group (members only)
 * - pikkutsatti                  the children's chat page
 */
export const knownFeatures = [
  'customer-messaging-enabled',
  'customer-messaging-allowed',
  'prescription-renewal',
  'mfa',
  'price-details',
  'ohc-appointment-search',
  'lahitapiola-insurance-flow',
  'sickness-fund-page',
  'pikkutsatti',
] as const;
export type Feature = (typeof knownFeatures)[number];

/** Per-user flags live on the person (SessionUser.features), never in the environment. */
export const knownUserFeatures = ['is-finnair-sickness-fund-member'] as const;

export const defaultFeatures: Record<Environment, readonly Feature[]> = {
  // Development shows everything so every page can be exercised.
  development: knownFeatures,
  // Production starts with flows that are live; the rest are switched on by FEATURES.
  production: [
    'customer-messaging-enabled',
    'customer-messaging-allowed',
    'prescription-renewal',
    'mfa',
    'price-details',
    'ohc-appointment-search',
    'sickness-fund-page',
  ],
};

/**
 * Applies an override list such as `mfa,-price-details` to the defaults. Unknown names are kept
 * (a remote may ship a flag before the server lists it) but reported by the caller.
 */
export function resolveFeatures(environment: Environment, override: string | undefined): string[] {
  const enabled = new Set<string>(defaultFeatures[environment]);
  for (const raw of (override ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry.startsWith('-')) enabled.delete(entry.slice(1));
    else enabled.add(entry.replace(/^\+/, ''));
  }
  return [...enabled].sort();
}

export function unknownFeatureNames(features: readonly string[]): string[] {
  const known = new Set<string>(knownFeatures);
  return features.filter((f) => !known.has(f));
}
