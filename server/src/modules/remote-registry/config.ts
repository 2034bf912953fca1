import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const envSchema = z.object({
  /** how often each instance reads the registry's revisions */
  REMOTE_REGISTRY_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  /**
   * The origins a deployed version may live on (comma-separated, e.g.
   * `https://static.example,https://cdn.example`). The server fetches nothing from elsewhere, and the
   * page's Content-Security-Policy allows only the origins of the versions it serves. Unset: no
   * version can be deployed (the built-ins are served from this server's disk).
   */
  REMOTE_ORIGINS: z.string().optional(),
  /** a canary is judged only once it has been served this many times */
  REMOTE_CANARY_MIN_SESSIONS: z.coerce.number().int().min(1).max(10_000_000).default(50),
  /** abort a canary whose error rate exceeds the active version's by more than this (absolute, 0–1) */
  REMOTE_CANARY_ERROR_MARGIN: z.coerce.number().min(0).max(1).default(0.05),
  /** how long one file of a version may take to fetch, at validation and materialisation */
  REMOTE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** the largest file the server fetches (the pre-render bundle is the largest) */
  REMOTE_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).max(200 * 1024 * 1024).default(20 * 1024 * 1024),
  /** how often the served and error counts are written to the database */
  REMOTE_COUNTERS_FLUSH_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
});

export interface RemoteRegistryConfig {
  pollMs: number;
  /** normalised origins (`https://static.example`), no trailing slash */
  allowedOrigins: string[];
  canaryMinSessions: number;
  canaryErrorMargin: number;
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  countersFlushMs: number;
}

export class RemoteRegistryConfigError extends ConfigError {}

/** Reads the registry's variables; throws RemoteRegistryConfigError naming every problem. */
export function loadRemoteRegistryConfig(env: Env = process.env): RemoteRegistryConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new RemoteRegistryConfigError(`Invalid remote registry configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  const problems: string[] = [];
  const allowedOrigins: string[] = [];
  for (const item of (e.REMOTE_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== item.replace(/\/+$/, '')) {
      problems.push(`REMOTE_ORIGINS: '${item}' is not an origin (https://host[:port], nothing after it)`);
    } else allowedOrigins.push(url.origin);
  }
  if (problems.length > 0) throw new RemoteRegistryConfigError(`Invalid remote registry configuration:\n${problems.join('\n')}`);
  return {
    pollMs: e.REMOTE_REGISTRY_POLL_MS,
    allowedOrigins: [...new Set(allowedOrigins)],
    canaryMinSessions: e.REMOTE_CANARY_MIN_SESSIONS,
    canaryErrorMargin: e.REMOTE_CANARY_ERROR_MARGIN,
    fetchTimeoutMs: e.REMOTE_FETCH_TIMEOUT_MS,
    fetchMaxBytes: e.REMOTE_FETCH_MAX_BYTES,
    countersFlushMs: e.REMOTE_COUNTERS_FLUSH_MS,
  };
}
