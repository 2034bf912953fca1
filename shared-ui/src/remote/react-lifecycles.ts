import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
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

/**
 * single-spa lifecycles that render `render(props)` into a React root of their own, one per mounted
 * name (a parcel may be mounted in several places at once). Mounting renders synchronously, so the
 * mount promise resolves with the tree in the page, as the shell's loading and error views expect;
 * `prepare` (e.g. importing the texts of the page's language) is awaited before each render.
 */
export function reactLifecycles<P extends SingleSpaProps>(render: (props: P) => ReactNode, prepare?: (props: P) => Promise<void>): ReactLifecycles<P> {
  const roots = new Map<string, Root>();
  return {
    bootstrap: async () => undefined,
    async mount(props) {
      await prepare?.(props);
      const root = createRoot(containerOf(props));
      roots.set(props.name, root);
      flushSync(() => root.render(render(props)));
    },
    async update(props) {
      await prepare?.(props);
      const root = roots.get(props.name);
      if (root) flushSync(() => root.render(render(props)));
    },
    async unmount(props) {
      roots.get(props.name)?.unmount();
      roots.delete(props.name);
    },
  };
}
