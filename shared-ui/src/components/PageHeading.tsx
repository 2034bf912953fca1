import { useEffect, useRef, type ReactNode } from 'react';
import './PageHeading.css';

export interface PageHeadingProps {
  children: ReactNode;
  /**
   * Move focus to the heading when it mounts. The page frame already focuses a page's first h1 when
   * the page arrives; this is for a heading that comes later in the page's life, replacing what was
   * there (the content after an in-page retry), so keyboard and screen reader users start there.
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
