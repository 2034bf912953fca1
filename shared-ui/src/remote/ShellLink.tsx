import type { MouseEvent, ReactNode } from 'react';
import type { RouteId } from '@portal/shared-i18n';
import { useShell } from '../shell-context';

/**
 * A link to a portal page by route id. A plain click navigates through the shell (no reload, across
 * remotes); modified clicks (new tab, new window) keep the browser's behaviour.
 */
export function ShellLink({
  routeId,
  params,
  className,
  children,
}: {
  routeId: RouteId;
  params?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  const shell = useShell();
  const href = shell.href(routeId, params);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    shell.navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
