import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const envSchema = z.object({
  /** `false` stops this instance's reminder job (the setting in My information stays); default true */
  REMINDERS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** how often every instance looks for reminders due, in milliseconds (default one minute) */
  REMINDERS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
});

/** The reminders module's settings. */
export interface RemindersConfig {
  /** REMINDERS_ENABLED: whether this instance runs the job */
  enabled: boolean;
  /** REMINDERS_POLL_MS */
  pollMs: number;
}

export class RemindersConfigError extends ConfigError {}

/** Reads REMINDERS_ENABLED and REMINDERS_POLL_MS; throws RemindersConfigError naming every problem. */
export function loadRemindersConfig(env: Env = process.env): RemindersConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new RemindersConfigError(`Invalid reminders configuration:\n${z.prettifyError(parsed.error)}`);
  return { enabled: parsed.data.REMINDERS_ENABLED === 'true', pollMs: parsed.data.REMINDERS_POLL_MS };
}
