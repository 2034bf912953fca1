import { z } from 'zod';

/** The process environment, or a test's stand-in for it. */
export type Env = Record<string, string | undefined>;

/**
 * A setting the server cannot start with. Every module's configuration throws it (or its own
 * subclass), so start-up reports every bad setting the same way (main.ts: message, exit code 2).
 */
export class ConfigError extends Error {}

/** The variables that are set: an empty one counts as unset (`APP_ENV= npm start`), everywhere. */
export function presentVariables(env: Env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
