import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const envSchema = z.object({
  /**
   * The bearer token a scraper off this host sends for GET /metrics. Unset: only loopback may read
   * it (a Prometheus agent beside the server). Long enough that guessing it is hopeless.
   */
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
});

export interface MetricsConfig {
  /** null: /metrics answers loopback only */
  token: string | null;
}

export class MetricsConfigError extends ConfigError {}

/** Reads the metrics module's variables; throws MetricsConfigError naming every problem. */
export function loadMetricsConfig(env: Env = process.env): MetricsConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new MetricsConfigError(`Invalid metrics configuration:\n${z.prettifyError(parsed.error)}`);
  return { token: parsed.data.METRICS_TOKEN ?? null };
}
