/**
 * The booking benchmark's load: autocannon (a kept HTTP load generator) runs `clients` keep-alive
 * connections, each sending the next request of `paths` as soon as its previous answer has come
 * (pipelining 1: a closed loop, as a browser's calls are), first for the warm-up and then for the
 * measured seconds.
 *
 * Latencies: autocannon's own summary keeps them in a histogram of whole milliseconds and reports
 * p50, p97.5 and p99 but no p95, while the budgets are p95 of a few milliseconds; so every
 * response's time as autocannon measured it (its 'response' event, in fractional milliseconds) is
 * kept, and p50/p95 are read from those (nearest rank). Requests per second, errors and non-2xx
 * answers are autocannon's.
 */
import autocannon from 'autocannon';
import { percentile } from '../../tooling/harness/stats';

export interface LoadSummary {
  /** requests answered in the measured seconds */
  requests: number;
  reqPerSecond: number;
  p50: number;
  p95: number;
  /** connection errors, timeouts and answers other than 2xx */
  errors: number;
}

function run(options: autocannon.Options, onResponse?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', (_client, _status, _bytes, ms) => onResponse(ms));
  });
}

/**
 * `headers` go with every request (a signed-in caller's session cookie); given a list, the clients
 * take its entries in turn (client i the entry i mod its length: several people asking at once).
 */
export async function load(
  port: number,
  paths: readonly string[],
  clients: number,
  seconds: number,
  warmupSeconds: number,
  headers: Record<string, string> | readonly Record<string, string>[] = {},
  /** called right before the measured seconds start and right after they end (not around the warm-up) */
  onMeasure?: (phase: 'start' | 'end') => void | Promise<void>,
): Promise<LoadSummary> {
  const perClient: readonly Record<string, string>[] = Array.isArray(headers) ? headers : [headers];
  const options = (): autocannon.Options => {
    let connected = 0;
    return {
      url: `http://127.0.0.1:${port}`,
      connections: clients,
      pipelining: 1,
      headers: perClient[0] ?? {},
      requests: paths.map((path) => ({ method: 'GET', path })),
      // each run connects its clients afresh: client i gets entry i mod the list's length
      setupClient: (client) => client.setHeaders(perClient[connected++ % perClient.length] ?? {}),
    };
  };
  if (warmupSeconds > 0) await run({ ...options(), duration: warmupSeconds });
  const latencies: number[] = [];
  await onMeasure?.('start');
  const result = await run({ ...options(), duration: seconds }, (ms) => latencies.push(ms));
  await onMeasure?.('end');
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    reqPerSecond: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
