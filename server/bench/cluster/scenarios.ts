/**
 * The scenarios of bench:cluster, each under the traffic of traffic.ts, each giving one row of the
 * final table (requests, ok, failed, 429, 503, budget, verdict).
 *
 * A failure is a network error (or a request not answered within 10 s), a 5xx (but a 503 a
 * scenario documents, e.g. fail-closed routes while Redis is down), any other 4xx than 429
 * (a lost session would show so) or a GraphQL error. 429s are counted apart.
 */
import { CHECK, type Cluster, type Redis } from './cluster';
import { lostWrites, Traffic, type Outcome, type Session } from './traffic';
import { sleep } from '../harness';

export interface Row {
  scenario: string;
  requests: number;
  ok: number;
  failed: number;
  tooMany: number;
  unavailable: number;
  budget: string;
  /** what went over budget; empty: within */
  problems: string[];
  skipped?: string;
}

export interface TrafficSettings {
  rate: number;
  messageEvery: number;
  /** traffic before and after a scenario's action, ms */
  marginMs: number;
}

interface Tally {
  requests: number;
  ok: number;
  failed: Outcome[];
  tooMany: number;
  unavailable: number;
}

function isFailure(outcome: Outcome, allowed503: (outcome: Outcome) => boolean): boolean {
  if (outcome.ok || outcome.status === 429) return false;
  if (outcome.status === 503 && allowed503(outcome)) return false;
  return true;
}

export function tally(outcomes: readonly Outcome[], allowed503: (outcome: Outcome) => boolean = () => false): Tally {
  return {
    requests: outcomes.length,
    ok: outcomes.filter((outcome) => outcome.ok).length,
    failed: outcomes.filter((outcome) => isFailure(outcome, allowed503)),
    tooMany: outcomes.filter((outcome) => outcome.status === 429).length,
    unavailable: outcomes.filter((outcome) => outcome.status === 503).length,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printFailures(failed: readonly Outcome[], since = 0): void {
  for (const outcome of failed.slice(0, 8)) {
    console.info(`    failed: ${outcome.name} sent at ${seconds(outcome.at - since)}, answered at ${seconds(outcome.doneAt - since)} by ${outcome.server || '?'}: ${outcome.detail ?? outcome.status}`);
  }
  if (failed.length > 8) console.info(`    … and ${failed.length - 8} more`);
}

/** Runs `action` under the traffic, with `marginMs` of traffic before and after it. */
async function underTraffic(cluster: Cluster, sessions: readonly Session[], settings: TrafficSettings, action: (traffic: Traffic) => Promise<void>): Promise<Outcome[]> {
  const traffic = new Traffic({ origin: cluster.origin, sessions, rate: settings.rate, messageEvery: settings.messageEvery });
  await traffic.check();
  traffic.start();
  try {
    await sleep(settings.marginMs);
    await action(traffic);
    await sleep(settings.marginMs);
  } finally {
    await traffic.stop();
  }
  return traffic.outcomes;
}

async function checkWrites(cluster: Cluster, outcomes: readonly Outcome[], problems: string[]): Promise<void> {
  const { acknowledged, lost } = await lostWrites(cluster.databaseUrl, outcomes);
  console.info(`  writes: ${acknowledged} messages acknowledged, ${lost.length} of them missing from the database (budget 0)`);
  if (lost.length) problems.push(`${lost.length} acknowledged messages lost (#${lost.slice(0, 5).join(', #')})`);
}

function byServer(outcomes: readonly Outcome[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(outcome.server || '(none)', (counts.get(outcome.server || '(none)') ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([server, count]) => `${server} ${count}`).join(', ');
}

/**
 * (a) Rolling restart: each server in turn gets SIGTERM; the bench waits until it has exited, starts
 * it again on its port and waits until HAProxy sees it up before the next. Budget: 0 failed.
 */
export async function rollingRestart(cluster: Cluster, sessions: readonly Session[], settings: TrafficSettings): Promise<Row> {
  console.info(`\n(a) Rolling restart of ${cluster.instances.length} servers under ${settings.rate} requests/s`);
  const outcomes = await underTraffic(cluster, sessions, settings, async (traffic) => {
    for (const [index, instance] of cluster.instances.entries()) {
      const at = traffic.now();
      const out = cluster.waitForStatus(instance.name, 'DOWN', 60_000);
      const exitedMs = await cluster.stop(index, 'SIGTERM');
      const outMs = await out.catch(() => NaN);
      await cluster.restart(index);
      const upMs = await cluster.waitForStatus(instance.name, 'UP', 60_000);
      const upAt = traffic.now();
      console.info(
        `  ${instance.name}: SIGTERM at ${seconds(at)}; HAProxy took it out after ${seconds(outMs)}, it exited after ${seconds(exitedMs)}; started again, HAProxy saw it up ${seconds(upMs)} after it answered (at ${seconds(upAt)})`,
      );
      if (!(outMs < exitedMs)) console.info(`    note: it exited before HAProxy took it out (drain ${seconds(exitedMs)}, out ${seconds(outMs)})`);
    }
  });
  const t = tally(outcomes);
  console.info(`  ${t.requests} requests (by server: ${byServer(outcomes)}), ${t.ok} ok, ${t.failed.length} failed, ${t.tooMany} × 429, ${t.unavailable} × 503`);
  printFailures(t.failed);
  const problems: string[] = [];
  if (t.failed.length) problems.push(`${t.failed.length} requests failed in the rolling restart (budget 0)`);
  await checkWrites(cluster, outcomes, problems);
  return { scenario: '(a) rolling restart', requests: t.requests, ok: t.ok, failed: t.failed.length, tooMany: t.tooMany, unavailable: t.unavailable, budget: '0 failed, 0 writes lost', problems };
}

/** The extra failures allowed over the requests HAProxy had on the server at the kill (sampled just before it). */
export const KILL_MARGIN = 3;

/**
 * (b) SIGKILL one server: only the requests in flight on it may fail (budget: HAProxy's count of
 * its current requests just before the kill + KILL_MARGIN), nothing fails later than
 * inter × fall + 1 s after the kill, every acknowledged write is in the database. The server is
 * started again afterwards (outside the measured window), so the cluster is whole for the next.
 */
export async function killOne(cluster: Cluster, sessions: readonly Session[], settings: TrafficSettings, index = 1, { restartAfter = true } = {}): Promise<Row> {
  const instance = cluster.instances[index]!;
  const wholeWithinMs = CHECK.interMs * CHECK.fall + 1000;
  console.info(`\n(b) SIGKILL of ${instance.name} under ${settings.rate} requests/s`);
  let killedAt = 0;
  let inFlight = 0;
  let clientInFlight = 0;
  const outcomes = await underTraffic(cluster, sessions, settings, async (traffic) => {
    inFlight = (await cluster.stateOf(instance.name)).current;
    clientInFlight = traffic.requestsInFlight;
    killedAt = traffic.now();
    const out = cluster.waitForStatus(instance.name, 'DOWN', 30_000);
    await cluster.stop(index, 'SIGKILL', 10_000);
    const outMs = await out;
    console.info(`  SIGKILL at ${seconds(killedAt)} with ${inFlight} requests on it (HAProxy), ${clientInFlight} in flight in all; HAProxy took it out after ${seconds(outMs)}`);
    await sleep(Math.max(0, wholeWithinMs - outMs));
  });
  const t = tally(outcomes);
  const lastFailure = Math.max(killedAt, ...t.failed.map((outcome) => outcome.doneAt));
  const wholeAfter = lastFailure - killedAt;
  const after = outcomes.filter((outcome) => outcome.at >= killedAt + wholeWithinMs);
  console.info(`  ${t.requests} requests (by server: ${byServer(outcomes)}), ${t.ok} ok, ${t.failed.length} failed, ${t.tooMany} × 429, ${t.unavailable} × 503`);
  console.info(`  last failure answered ${seconds(wholeAfter)} after the kill (budget ≤ ${seconds(wholeWithinMs)}: inter ${CHECK.interMs} ms × fall ${CHECK.fall} + 1 s); ${after.filter((o) => o.ok).length} of the ${after.length} requests sent after that OK`);
  printFailures(t.failed, 0);
  const budget = inFlight + KILL_MARGIN;
  const problems: string[] = [];
  if (t.failed.length > budget) problems.push(`${t.failed.length} requests failed at the kill (budget ${budget}: ${inFlight} on the server + ${KILL_MARGIN})`);
  if (wholeAfter > wholeWithinMs) problems.push(`the service was whole again only ${seconds(wholeAfter)} after the kill (budget ${seconds(wholeWithinMs)})`);
  await checkWrites(cluster, outcomes, problems);
  if (restartAfter) {
    console.info(`  starting ${instance.name} again…`);
    await cluster.restart(index);
    await cluster.waitForStatus(instance.name, 'UP', 60_000);
  }
  return {
    scenario: '(b) SIGKILL one',
    requests: t.requests,
    ok: t.ok,
    failed: t.failed.length,
    tooMany: t.tooMany,
    unavailable: t.unavailable,
    budget: `≤ ${budget} failed, whole ≤ ${seconds(wholeWithinMs)}, 0 lost`,
    problems,
  };
}

/** Routes that answer 503 while Redis is down by design (fail-closed): identification and reservations. */
export const FAIL_CLOSED = /identif|sign-in|oauth|reserv/i;

/**
 * (c) Redis restarted (stopped, 2 s down, started on the same port): no 5xx but the fail-closed
 * routes' 503s while it is down (reads keep working: fail-open); after it is back every request OK
 * and the limits count again (an anonymous flood gets its 429).
 */
export async function restartRedis(cluster: Cluster, sessions: readonly Session[], settings: TrafficSettings, redis: Redis): Promise<Row> {
  console.info(`\n(c) Redis restarted under ${settings.rate} requests/s`);
  let backAt = 0;
  const probes: Outcome[] = [];
  const outcomes = await underTraffic(cluster, sessions, settings, async (traffic) => {
    const stoppedAt = traffic.now();
    await redis.stop();
    await sleep(500);
    probes.push(...(await probeFailClosed(cluster, sessions[0]!, traffic)));
    await sleep(1500);
    await redis.start();
    backAt = traffic.now();
    console.info(`  Redis stopped at ${seconds(stoppedAt)}, started again at ${seconds(backAt)}`);
    await sleep(3000);
    probes.push(...(await probeFailClosed(cluster, sessions[0]!, traffic)));
  });
  outcomes.push(...probes);
  const allowed = (outcome: Outcome) => FAIL_CLOSED.test(outcome.name) && outcome.at < backAt + 2000;
  const t = tally(outcomes, allowed);
  for (const probe of probes) {
    console.info(`  probe ${probe.name} ${probe.at < backAt ? 'while Redis was down' : 'after it was back'}: ${probe.status}${probe.status === 503 ? ' (fail-closed)' : ''}`);
  }
  const by503 = new Map<string, number>();
  for (const outcome of outcomes.filter((o) => o.status === 503)) by503.set(outcome.name, (by503.get(outcome.name) ?? 0) + 1);
  console.info(`  ${t.requests} requests, ${t.ok} ok, ${t.failed.length} failed, ${t.tooMany} × 429, ${t.unavailable} × 503`);
  console.info(`  503 by route: ${by503.size ? [...by503].map(([name, count]) => `${name} ${count}`).join(', ') : 'none'}`);
  printFailures(t.failed);
  const afterBack = outcomes.filter((outcome) => outcome.at >= backAt + 2000);
  console.info(`  after Redis was back (+2 s): ${afterBack.filter((o) => o.ok).length} of ${afterBack.length} requests OK`);
  const problems: string[] = [];
  if (t.failed.length) problems.push(`${t.failed.length} requests failed beyond the documented fail-closed 503s`);
  await checkWrites(cluster, outcomes, problems);
  const flood = await floodForLimit(cluster);
  if (flood.tooMany === 0) problems.push(`after Redis was back, ${flood.sent} anonymous requests from one address got no 429: the limits did not count again`);
  return { scenario: '(c) Redis restart', requests: t.requests, ok: t.ok, failed: t.failed.length, tooMany: t.tooMany, unavailable: t.unavailable, budget: '0 failed but fail-closed 503, 429 again', problems };
}

/**
 * One identification (the sign-in's first step, counted per address) and one reservation attempt
 * (counted before its body is read: an empty body is refused with 400 once counted, so nothing is
 * reserved): the fail-closed routes, 503 while the counters are away.
 */
async function probeFailClosed(cluster: Cluster, session: Session, traffic: Traffic): Promise<Outcome[]> {
  const probe = async (name: string, path: string, init: RequestInit): Promise<Outcome> => {
    const at = traffic.now();
    try {
      const response = await fetch(`${cluster.origin}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000), ...init });
      const text = await response.text();
      const server = response.headers.get('x-served-by') ?? '';
      // refused for its empty body, or on its way to the broker: the counter answered
      const ok = response.status === 400 || (response.status >= 300 && response.status < 400) || response.ok;
      return { at, doneAt: traffic.now(), name, status: response.status, ok, server, ...(ok ? {} : { detail: `${response.status} ${text.slice(0, 200)}` }) };
    } catch (error) {
      return { at, doneAt: traffic.now(), name, status: 0, ok: false, server: '', detail: String(error) };
    }
  };
  return [
    await probe('identification (sign-in start)', '/oauth/authenticate?lang=fi&next=%2Ffi&acr_values=nordea', {}),
    await probe('reservation attempt', `/api/reserve-appointment?lang=fi&csrfToken=${encodeURIComponent(session.csrfToken)}`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: cluster.origin, 'content-type': 'application/json' },
      body: '{}',
    }),
  ];
}

/**
 * After Redis is back: one anonymous address asking quickly (10 at a time, round robin over the
 * servers) until the per-client limit (API_RATE_LIMIT_PER_CLIENT, counted on Redis for every
 * server) answers 429; at most `limit` requests.
 */
async function floodForLimit(cluster: Cluster, limit = Number(process.env.BENCH_CLUSTER_FLOOD ?? 300)): Promise<{ sent: number; tooMany: number }> {
  let tooMany = 0;
  let sent = 0;
  for (; sent < limit && tooMany === 0; sent += 10) {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${cluster.origin}/api/appointments?lang=fi`)
          .then(async (response) => {
            await response.body?.cancel();
            return response.status;
          })
          .catch(() => 0),
      ),
    );
    tooMany += answers.filter((status) => status === 429).length;
  }
  console.info(tooMany ? `  limits count again: an anonymous flood from one address got 429 within ${sent} requests` : `  an anonymous flood of ${sent} requests from one address got no 429`);
  return { sent, tooMany };
}

export function skippedRow(scenario: string, reason: string): Row {
  console.info(`\n${scenario}: skipped — ${reason}`);
  return { scenario, requests: 0, ok: 0, failed: 0, tooMany: 0, unavailable: 0, budget: '-', problems: [], skipped: reason };
}

export function printTable(rows: readonly Row[]): void {
  const header = ['scenario', 'requests', 'ok', 'failed', '429', '503', 'budget', 'verdict'];
  const cells = rows.map((row) => [
    row.scenario,
    String(row.requests),
    String(row.ok),
    String(row.failed),
    String(row.tooMany),
    String(row.unavailable),
    row.budget,
    row.skipped ? 'skipped' : row.problems.length ? 'OVER' : 'within',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (values: readonly string[]) => values.map((value, column) => (column === 0 || column === 6 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(' | ');
  console.info(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}`);
  for (const row of cells) console.info(line(row));
  for (const row of rows) {
    if (row.skipped) console.info(`  ${row.scenario} skipped: ${row.skipped}`);
    for (const problem of row.problems) console.info(`  ${row.scenario} over budget: ${problem}`);
  }
}
