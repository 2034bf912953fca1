import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { SlidingCount } from '../util/sliding-window';
import { keepMsOf, windowStartOf, type CounterBackend } from './store';

/**
 * One round trip per hit: the current window's INCR (with its expiry when new) and the previous
 * window's count, atomically. KEYS[1] current window, KEYS[2] previous, ARGV[1] how long to keep.
 */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
return {current, previous}
`;
const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

export interface RedisCountersOptions {
  url: string;
  keyPrefix: string;
  commandTimeoutMs: number;
  /** the connection's errors (already throttled: at most one a `logEveryMs`) */
  onConnectionError: (error: Error) => void;
}

function countsOf(value: unknown): [number, number] {
  if (Array.isArray(value) && value.length === 2) {
    const [current, previous] = value.map(Number);
    if (Number.isFinite(current) && Number.isFinite(previous)) return [current!, previous!];
  }
  throw new Error('unexpected answer from the counter script');
}

const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

/** Redis connection options under which a dead or hung Redis answers within the timeout, never later. */
export function redisOptions(commandTimeoutMs: number) {
  return {
    // connected in createRedisCounters, so a Redis that is down at start does not stop the server
    lazyConnect: true,
    // no queue while disconnected: a command fails at once instead of waiting for the connection
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(1_000, commandTimeoutMs),
    // keep reconnecting in the background, at most every 2 s, for as long as the server runs
    retryStrategy: (times: number) => Math.min(times * 100, 2_000),
  };
}

/**
 * Counters on Redis, shared by every instance. Keys are `<prefix>{<key>}:<window start>`: the two
 * windows of one key share a hash tag, so the script's two keys live on one node of a cluster.
 */
export async function createRedisCounters(options: RedisCountersOptions): Promise<CounterBackend & { redis: Redis }> {
  const redis = new Redis(options.url, redisOptions(options.commandTimeoutMs));
  redis.on('error', (error: Error) => options.onConnectionError(error));
  // Down or hung at start: the server starts anyway, within the connect timeout (fair use lets
  // calls through, attempts answer 503), and the client keeps reconnecting.
  const connectTimeoutMs = redisOptions(options.commandTimeoutMs).connectTimeout;
  await Promise.race([redis.connect().catch(() => undefined), delay(connectTimeoutMs, undefined, { ref: false })]);

  const keyOf = (key: string, windowStart: number) => `${options.keyPrefix}{${key}}:${windowStart}`;
  const slidingOf = (current: number, previous: number, windowMs: number, now: number): SlidingCount => ({
    current,
    previous,
    elapsedMs: now - windowStartOf(now, windowMs),
    windowMs,
  });

  return {
    kind: 'redis',
    redis,
    async hit(key, windowMs, now) {
      const start = windowStartOf(now, windowMs);
      const args = [2, keyOf(key, start), keyOf(key, start - windowMs), String(keepMsOf(now, windowMs))] as const;
      let answer: unknown;
      try {
        answer = await redis.evalsha(HIT_SHA, ...args);
      } catch (error) {
        // a Redis that restarted (or a new one) does not know the script yet: send it once in full
        if (!isNoScript(error)) throw error;
        answer = await redis.eval(HIT_SCRIPT, ...args);
      }
      const [current, previous] = countsOf(answer);
      return slidingOf(current, previous, windowMs, now);
    },
    async peek(key, windowMs, now) {
      const start = windowStartOf(now, windowMs);
      const [current, previous] = await redis.mget(keyOf(key, start), keyOf(key, start - windowMs));
      return slidingOf(Number(current ?? 0), Number(previous ?? 0), windowMs, now);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
