import { z } from 'zod';
import type { CoreConfig } from '../../config/core';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const TEN_MINUTES_MS = 10 * 60_000;

const envSchema = z.object({
  /**
   * After SIGTERM, how long the server goes on serving while /readyz answers 503, so the balancer's
   * health check notices and sends no more before the listener closes.
   */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(TEN_MINUTES_MS).optional(),
  /** After the drain delay, how long the requests in flight may take before the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).max(TEN_MINUTES_MS).default(10_000),
});

export interface HealthConfig {
  /** null: unset, see drainDelayOf */
  drainDelayMs: number | null;
  shutdownTimeoutMs: number;
}

export class HealthConfigError extends ConfigError {}

/** The balancer's usual probe interval and then some; see drainDelayOf for development. */
export const DEFAULT_DRAIN_DELAY_MS = 5_000;

/** Reads the health module's variables; throws HealthConfigError naming every problem. */
export function loadHealthConfig(env: Env = process.env): HealthConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new HealthConfigError(`Invalid shutdown configuration:\n${z.prettifyError(parsed.error)}`);
  return { drainDelayMs: parsed.data.SHUTDOWN_DRAIN_DELAY_MS ?? null, shutdownTimeoutMs: parsed.data.SHUTDOWN_TIMEOUT_MS };
}

/**
 * The drain delay in effect. Development has no balancer to tell, and `tsx watch` kills a process
 * that has not exited 5 s after its SIGTERM, so there the default is none.
 */
export function drainDelayOf(config: HealthConfig, environment: CoreConfig['environment']): number {
  return config.drainDelayMs ?? (environment === 'development' ? 0 : DEFAULT_DRAIN_DELAY_MS);
}
