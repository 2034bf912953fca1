import { createElement, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** What single-spa hands every lifecycle call: the application's or parcel's name, and where to render. */
export interface SingleSpaProps {
  /** unique per mounted application or parcel (single-spa gives each parcel mount its own) */
  name: string;
  /** a parcel's container (mountRootParcel's `domElement` prop) */
  domElement?: HTMLElement;
  /** an application's container (the shell's custom prop) */
  domElementGetter?: () => HTMLElement;
}

export interface ReactLifecycles<P extends SingleSpaProps> {
  bootstrap(props: P): Promise<void>;
  mount(props: P): Promise<void>;
  update(props: P): Promise<void>;
  unmount(props: P): Promise<void>;
}

function containerOf(props: SingleSpaProps): HTMLElement {
  const element = props.domElement ?? props.domElementGetter?.();
  if (!element) throw new Error(`${props.name}: no domElement or domElementGetter in the single-spa props`);
  return element;
}

/** Calls `onCommit` when React has put its children in the page (after their own layout effects). */
function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }): ReactNode {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/** One React root and the render waiting for its commit. */
interface MountedRoot {
  root: Root;
  settle: (() => void) | null;
}

/**
 * Renders `node` as a transition and resolves when it is in the page. A transition's render yields to
 * the browser every few milliseconds, so a remote's page or a front-page summary never renders in one
 * long task (on a slow phone a summary's render was 100–150 ms that held every tap); the commit itself
 * is one step, so the promise resolves with the whole tree in the page. A render that throws past
 * every error boundary leaves the root empty and still resolves (reported by the root's handler), as
 * a synchronous render did.
 */
function renderCommitted(mounted: MountedRoot, node: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    mounted.settle?.(); // an update superseded before it committed: its caller goes on too
    const settle = () => {
      if (mounted.settle === settle) mounted.settle = null;
      resolve();
    };
    mounted.settle = settle;
    startTransition(() => mounted.root.render(createElement(Committed, { onCommit: settle }, node)));
  });
}

/**
 * single-spa lifecycles that render `render(props)` into a React root of their own, one per mounted
 * name (a parcel may be mounted in several places at once). The mount promise resolves with the tree
 * in the page, as the shell's loading and error views expect (renderCommitted); `prepare` (e.g.
 * importing the texts of the page's language) is awaited before each render.
 */
export function reactLifecycles<P extends SingleSpaProps>(render: (props: P) => ReactNode, prepare?: (props: P) => Promise<void>): ReactLifecycles<P> {
  const roots = new Map<string, MountedRoot>();
  return {
    bootstrap: async () => undefined,
    async mount(props) {
      await prepare?.(props);
      const mounted: MountedRoot = {
        root: createRoot(containerOf(props), {
          onUncaughtError(error) {
            // React's own default, which giving a handler replaces
            if (typeof reportError === 'function') reportError(error);
            else console.error(error);
            mounted.settle?.();
          },
        }),
        settle: null,
      };
      roots.set(props.name, mounted);
      await renderCommitted(mounted, render(props));
    },
    async update(props) {
      await prepare?.(props);
      const mounted = roots.get(props.name);
      if (mounted) await renderCommitted(mounted, render(props));
    },
    async unmount(props) {
      const mounted = roots.get(props.name);
      roots.delete(props.name);
      mounted?.settle?.();
      mounted?.root.unmount();
    },
  };
}
