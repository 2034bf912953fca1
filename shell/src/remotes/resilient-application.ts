/** single-spa lifecycle functions as remotes export them (single-spa-react may give arrays). */
type LifecycleFn = (props: Record<string, unknown>) => Promise<unknown>;
type Lifecycle = LifecycleFn | readonly LifecycleFn[];
export interface RemoteLifecycles {
  bootstrap?: Lifecycle;
  mount: Lifecycle;
  unmount: Lifecycle;
}

export type FallbackView = { kind: 'loading' } | { kind: 'error'; error: unknown; retry: () => void };
/** Renders the loading or error view into an element; returns a function that removes it. */
export type FallbackRenderer = (element: HTMLElement, view: FallbackView) => () => void;

export interface ResilientApplicationOptions {
  /** e.g. 'mf-records' (the error reporter's process tag is `remote:<name>`) */
  name: string;
  /** loads the remote's module (timeout and retries are the loader's business) */
  load: () => Promise<unknown>;
  renderFallback: FallbackRenderer;
  /** `remoteId`: the remote the error came from (its version is tagged) */
  report(error: unknown, process: string, source?: { remoteId: string }): void;
  /**
   * Where the remote is now (its manifest entry), asked before each mount: when it is not where the
   * mounted code came from (a new version was activated), the next mount loads it anew.
   */
  currentEntry?: () => string | undefined;
  /** before each mount after the page's first (client-side navigation): the shell's look for a new manifest */
  beforeMount?: () => Promise<void>;
}

function isLifecycle(value: unknown): value is Lifecycle {
  return typeof value === 'function' || (Array.isArray(value) && value.every((fn) => typeof fn === 'function'));
}

/** Accepts a module whose named exports or default export are single-spa lifecycles. */
export function toLifecycles(module: unknown): RemoteLifecycles {
  const candidates = [module, (module as { default?: unknown } | null)?.default];
  for (const candidate of candidates) {
    const value = candidate as Partial<RemoteLifecycles> | null | undefined;
    if (value && isLifecycle(value.mount) && isLifecycle(value.unmount) && (value.bootstrap === undefined || isLifecycle(value.bootstrap))) {
      return value as RemoteLifecycles;
    }
  }
  throw new Error('The remote module does not export single-spa lifecycles (bootstrap, mount, unmount)');
}

async function run(lifecycle: Lifecycle | undefined, props: Record<string, unknown>): Promise<void> {
  if (!lifecycle) return;
  const fns = typeof lifecycle === 'function' ? [lifecycle] : lifecycle;
  for (const fn of fns) await fn(props);
}

interface MountProps extends Record<string, unknown> {
  domElementGetter: () => HTMLElement;
}

/**
 * single-spa lifecycles around a remote that never break the shell: loading, bootstrapping or mounting
 * the remote may fail or time out, and then the remote's area shows an error view with a retry that
 * loads it again without reloading the page. single-spa itself always sees a successful mount, so it
 * keeps routing the other applications.
 */
export function createResilientApplication(options: ResilientApplicationOptions) {
  let lifecycles: RemoteLifecycles | null = null;
  /** the entry `lifecycles` were loaded from */
  let loadedEntry: string | undefined;
  let mounts = 0;
  let bootstrapped = false;
  let mounted = false;
  /** increases on every mount/unmount, so a late retry never mounts into a page the user has left */
  let generation = 0;
  let removeFallback: (() => void) | null = null;

  const clearFallback = () => {
    removeFallback?.();
    removeFallback = null;
  };

  async function attempt(props: MountProps, myGeneration: number): Promise<void> {
    const element = props.domElementGetter();
    clearFallback();
    removeFallback = options.renderFallback(element, { kind: 'loading' });
    try {
      if (!lifecycles) {
        loadedEntry = options.currentEntry?.();
        lifecycles = toLifecycles(await options.load());
      }
      if (myGeneration !== generation) return;
      if (!bootstrapped) {
        await run(lifecycles.bootstrap, props);
        bootstrapped = true;
      }
      if (myGeneration !== generation) return;
      clearFallback();
      await run(lifecycles.mount, props);
      mounted = true;
    } catch (error) {
      options.report(error, `remote:${options.name}`, { remoteId: options.name });
      if (myGeneration !== generation) return;
      if (mounted === false && lifecycles && bootstrapped) {
        // a mount that threw halfway may have left a React root behind
        await run(lifecycles.unmount, props).catch(() => undefined);
      }
      clearFallback();
      removeFallback = options.renderFallback(element, {
        kind: 'error',
        error,
        retry: () => {
          if (myGeneration === generation) void attempt(props, myGeneration);
        },
      });
    }
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props: MountProps) => {
      generation += 1;
      const myGeneration = generation;
      mounts += 1;
      if (mounts > 1 && options.beforeMount) await options.beforeMount().catch(() => undefined);
      if (myGeneration !== generation) return;
      // a new version since this code was loaded: the page the visitor opens now gets it (the old
      // one was unmounted when they left its page, nothing mounted is torn down)
      if (lifecycles && options.currentEntry && options.currentEntry() !== loadedEntry) {
        lifecycles = null;
        bootstrapped = false;
      }
      await attempt(props, myGeneration);
    },
    unmount: async (props: MountProps) => {
      generation += 1;
      clearFallback();
      if (mounted && lifecycles) {
        mounted = false;
        try {
          await run(lifecycles.unmount, props);
        } catch (error) {
          options.report(error, `remote:${options.name}`, { remoteId: options.name });
        }
      }
    },
  };
}
