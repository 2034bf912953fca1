import type { FastifyInstance } from 'fastify';

/**
 * A background job, run by every instance (the payments module's reconciliation, the test payment
 * provider's callbacks, the appointment reminders): every `intervalMs` (and once when the app is
 * ready, when `runOnReady`), and whenever `kick` asks for a run. One run at a time per instance: a
 * run asked for during one follows it. The jobs themselves are safe to run on several instances at
 * once (each claims its rows in the database).
 *
 * The timers never keep the process alive, and closing the app stops them and waits for the run in
 * progress, so nothing touches the database after the app has closed (tests end cleanly).
 */
export interface ScheduledJob {
  /** runs the job after `delayMs` (0: as soon as the event loop allows) */
  kick(delayMs?: number): void;
  /** runs the job now (or joins the run in progress and the one after it); resolves when done */
  runNow(): Promise<void>;
}

export function scheduleJob(
  app: FastifyInstance,
  options: { name: string; intervalMs: number; runOnReady?: boolean; run: () => Promise<void> },
): ScheduledJob {
  let interval: NodeJS.Timeout | null = null;
  const kicks = new Set<NodeJS.Timeout>();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const runOnce = async () => {
    try {
      await options.run();
    } catch (error) {
      // The error's name only: a job's errors may carry URLs with signatures in their messages.
      app.log.error({ job: options.name, errorName: error instanceof Error ? error.name : typeof error }, 'background job failed');
    }
  };

  const runNow = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const kick = (delayMs = 0) => {
    if (closed) return;
    const timer = setTimeout(() => {
      kicks.delete(timer);
      void runNow();
    }, delayMs);
    timer.unref();
    kicks.add(timer);
  };

  app.addHook('onReady', async () => {
    interval = setInterval(() => void runNow(), options.intervalMs);
    interval.unref();
    if (options.runOnReady) kick();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (interval) clearInterval(interval);
    for (const timer of kicks) clearTimeout(timer);
    kicks.clear();
    await running;
  });

  return { kick, runNow };
}
