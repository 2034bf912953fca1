import { useEffect, useRef, type ReactNode } from 'react';
import './PageHeading.css';

export interface PageHeadingProps {
  children: ReactNode;
  /**
   * Move focus to the heading when it mounts: pages pass true after a client-side route change, so
   * screen reader and keyboard users start at the new page (the first page load keeps the default).
   */
  focusOnMount?: boolean;
  className?: string;
}

/** The page's single h1; focusable from script only (tabIndex -1). */
export function PageHeading({ children, focusOnMount = false, className }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h1 ref={ref} tabIndex={-1} className={`portal-page-heading ${className ?? ''}`.trim()}>
      {children}
    </h1>
  );
}
