import type { MouseEvent, ReactNode } from 'react';
import type { RouteId } from '@portal/shared-i18n';
import { useShell } from '../shell-context';

/**
 * A link to a portal page by route id. A plain click navigates through the shell (no reload, across
 * remotes); modified clicks (new tab, new window) keep the browser's behaviour. `hash` names a place
 * on the page (without '#', encoded here): `hash="prescription-11"` → '/fi/reseptit#prescription-11';
 * `query` adds search parameters: `query={{ includeRemote: 'true' }}`.
 */
export function ShellLink({
  routeId,
  params,
  query,
  hash,
  className,
  children,
}: {
  routeId: RouteId;
  params?: Record<string, string>;
  /** search parameters the page reads, e.g. a search filter */
  query?: Record<string, string>;
  hash?: string;
  className?: string;
  children: ReactNode;
}) {
  const shell = useShell();
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const page = `${shell.href(routeId, params)}${search}`;
  const href = hash ? `${page}#${encodeURIComponent(hash)}` : page;
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
