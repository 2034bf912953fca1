import type { FastifyBaseLogger } from 'fastify';

/**
 * One thing this instance needs before a load balancer should send it patients: resolves when it
 * holds, rejects when not (with NotReady to name the state, e.g. `pending`; any other error reads
 * `failed`). Bounded by the readiness timeout: a check that hangs reads `timeout`.
 */
export type ReadinessCheck = () => Promise<void>;

/** A check's answer other than `failed`, named for the operator reading /readyz. */
export class NotReady extends Error {
  constructor(readonly state: string) {
    super(state);
  }
}

/** `degraded`: ready (200), but a check that is not required fails; the body names it. */
export type ReadinessStatus = 'ready' | 'degraded' | 'not-ready' | 'draining';

export interface ReadinessCheckOptions {
  /**
   * false: a failure shows in the body and makes the status `degraded`, but the instance stays in
   * the balancer. For what every instance shares and can do without: were it required, one outage
   * of it would take every instance out at once and turn a degraded service into none.
   */
  required?: boolean;
}

export interface ReadinessReport {
  status: ReadinessStatus;
  /** each check's state: `ok`, or why not (never an error's message, which may name hosts or users) */
  checks: Record<string, string>;
}

/** `app.readiness`: what GET /readyz answers, and the drain's switch. */
export interface Readiness {
  /** Adds a check /readyz runs from now on; a name already taken throws (two checks, one row). */
  addCheck(name: string, check: ReadinessCheck, options?: ReadinessCheckOptions): void;
  /** The instance is going away (main.ts, on SIGTERM): /readyz answers 503 from now on. */
  startDraining(): void;
  readonly draining: boolean;
  /** Runs every check at once, each bounded by the timeout. */
  report(): Promise<ReadinessReport>;
}

export const OK = 'ok';

/** A check's state, and the error behind `failed` for the log (never for the answer). */
interface Outcome {
  state: string;
  error?: unknown;
}

export function createReadiness(options: { timeoutMs: number; log: FastifyBaseLogger }): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  const optional = new Set<string>();
  // A check still running from an earlier probe is joined, not started again: a hung database
  // probed every few seconds would otherwise pile up queries waiting on it.
  const running = new Map<string, Promise<Outcome>>();
  const lastStates = new Map<string, string>();
  let draining = false;

  const outcomeOf = (name: string, check: ReadinessCheck): Promise<Outcome> => {
    let run = running.get(name);
    if (!run) {
      run = check().then(
        (): Outcome => ({ state: OK }),
        (error: unknown): Outcome => (error instanceof NotReady ? { state: error.state } : { state: 'failed', error }),
      );
      const started = run;
      void started.finally(() => {
        if (running.get(name) === started) running.delete(name);
      });
      running.set(name, run);
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ state: 'timeout' }), options.timeoutMs);
    });
    return Promise.race([run, timedOut]).finally(() => clearTimeout(timer));
  };

  return {
    addCheck(name, check, checkOptions = {}) {
      if (checks.has(name)) throw new Error(`a readiness check named ${name} exists already`);
      checks.set(name, check);
      if (checkOptions.required === false) optional.add(name);
    },
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async report() {
      const outcomes = await Promise.all([...checks].map(async ([name, check]) => [name, await outcomeOf(name, check)] as const));
      for (const [name, { state, error }] of outcomes) {
        // Once per change, not per probe: a balancer probing every few seconds would bury the log.
        const last = lastStates.get(name);
        if (last !== state && state !== OK) options.log.warn({ check: name, state, ...(error === undefined ? {} : { err: error }) }, 'not ready');
        if (last !== undefined && last !== OK && state === OK) options.log.info({ check: name }, 'ready again');
        lastStates.set(name, state);
      }
      const failing = outcomes.filter(([, outcome]) => outcome.state !== OK).map(([name]) => name);
      const states = Object.fromEntries(outcomes.map(([name, outcome]) => [name, outcome.state]));
      const status: ReadinessStatus = draining
        ? 'draining'
        : failing.length === 0
          ? 'ready'
          : failing.every((name) => optional.has(name))
            ? 'degraded'
            : 'not-ready';
      return { status, checks: states };
    },
  };
}
