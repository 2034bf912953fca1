import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '../components/Spinner';
import { PageAttemptContext } from './lazy-page';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { watchPageHeading } from './watch-page-heading';

export interface PageFrameProps {
  /** told of a throw inside the page (the page is replaced by the error view) */
  onError(error: unknown): void;
  /**
   * whether the frame moves focus to the page's h1 when it arrives (default): the shell's own pages
   * say false, since the shell's layout moves focus for them itself (ShellLayout)
   */
  focusHeading?: boolean;
  children: ReactNode;
}

/**
 * The frame every remote page renders in, so no page repeats it: focus moves to the page's h1 when
 * the page arrives (at once, or when its h1 first appears after loading), unless focus is already
 * inside the page, a spinner stands in while
 * the page's code loads, and a throw shows the error view, focused as the page's heading, with a
 * retry that renders the page again.
 */
export function PageFrame({ onError, focusHeading = true, children }: PageFrameProps) {
  const area = useRef<HTMLDivElement>(null);
  // the page, its error view and the page again after a retry each arrive: focus follows each
  const [arrival, setArrival] = useState(0);
  const arrive = () => setArrival((n) => n + 1);

  useEffect(() => {
    const frame = area.current;
    if (!frame || !focusHeading) return undefined;
    return watchPageHeading(frame, (heading) => {
      // Focus already inside the arrived page was put there on purpose: the shell kept the visitor's
      // place while this page replaced the server's copy of it (shell/src/focus-hand-over.ts).
      if (!frame.contains(document.activeElement)) heading.focus();
    });
  }, [arrival, focusHeading]);

  return (
    <div ref={area}>
      <RemoteErrorBoundary
        onError={(error) => {
          onError(error);
          arrive();
        }}
        headingLevel={1}
        onRetry={arrive}
      >
        <PageAttemptContext.Provider value={arrival}>
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </PageAttemptContext.Provider>
      </RemoteErrorBoundary>
    </div>
  );
}
