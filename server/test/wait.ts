/**
 * Waiting in the server tests (issue 32): a test waits on what it can observe, never on a clock
 * ("sleep long enough" passes on a quiet machine and fails on a busy one, or wastes time on both).
 * Kept free of the app's imports, so tests that only spawn processes can use it without loading the
 * server; helpers.ts re-exports it.
 */

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves as soon as `check` holds, asking again every `intervalMs` (the spacing of the polls, not a
 * guess at how long anything takes); throws, naming `what`, when it has not held by `timeoutMs`.
 */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000, intervalMs = 20): Promise<void> {
  await waitFor(what, async () => ((await check()) ? true : undefined), timeoutMs, intervalMs);
}

/** As waitUntil, for a value: resolves with the first answer of `find` that is not undefined. */
export async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await pause(intervalMs);
  }
}
