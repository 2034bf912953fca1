import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const envSchema = z.object({
  /** accessibility feedback one signed-in person, or one client address without a session, may send in an hour */
  ACCESSIBILITY_FEEDBACK_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
});

/** The accessibility module's settings. */
export interface AccessibilityConfig {
  /** ACCESSIBILITY_FEEDBACK_PER_HOUR */
  feedbackPerHour: number;
}

export class AccessibilityConfigError extends ConfigError {}

/** Reads ACCESSIBILITY_FEEDBACK_PER_HOUR (default 5); throws AccessibilityConfigError naming every problem. */
export function loadAccessibilityConfig(env: Env = process.env): AccessibilityConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new AccessibilityConfigError(`Invalid accessibility configuration:\n${z.prettifyError(parsed.error)}`);
  return { feedbackPerHour: parsed.data.ACCESSIBILITY_FEEDBACK_PER_HOUR };
}
