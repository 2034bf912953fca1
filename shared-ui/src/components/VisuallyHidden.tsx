import type { ReactNode } from 'react';

/** Text for screen readers only (the class lives in themes.css). */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span className="portal-visually-hidden" id={id}>
      {children}
    </span>
  );
}
