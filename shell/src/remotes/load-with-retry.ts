export class RemoteLoadTimeoutError extends Error {
  constructor(what: string, timeoutMs: number) {
    super(`Loading ${what} took longer than ${timeoutMs} ms`);
    this.name = 'RemoteLoadTimeoutError';
  }
}

export interface RetryOptions {
  /** per attempt */
  timeoutMs: number;
  /** attempts after the first */
  retries: number;
  /** delay before retry n (1-based): delayMs * n */
  delayMs: number;
  /** runs before each retry (e.g. to clear the federation runtime's cache of a failed entry) */
  beforeRetry?: (attempt: number, error: unknown) => void;
}

export const REMOTE_LOAD_DEFAULTS: RetryOptions = { timeoutMs: 15_000, retries: 2, delayMs: 500 };

function withTimeout<T>(promise: Promise<T>, what: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadTimeoutError(what, timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load` with a timeout per attempt and up to `retries` further attempts; rejects with the last error. */
export async function loadWithRetry<T>(what: string, load: () => Promise<T>, options: RetryOptions = REMOTE_LOAD_DEFAULTS): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= options.retries; attempt += 1) {
    if (attempt > 0) {
      options.beforeRetry?.(attempt, lastError);
      await wait(options.delayMs * attempt);
    }
    try {
      return await withTimeout(load(), what, options.timeoutMs);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
