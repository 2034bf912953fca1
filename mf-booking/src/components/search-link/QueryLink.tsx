import type { MouseEvent, ReactNode } from 'react';
import { FOLLOWED_IN_PAGE_ATTRIBUTE, isPlainLeftClick, useShell } from '@portal/shared-ui';

/** `href` with a query string appended (none when empty). */
export function withQueryString(href: string, query: URLSearchParams | string): string {
  const search = typeof query === 'string' ? query.replace(/^\?/, '') : query.toString();
  return search === '' ? href : `${href}?${search}`;
}

/**
 * A link to a full portal path that keeps a query string (the shell's ShellLink takes none): a plain
 * click navigates through the shell without a reload, modified clicks keep the browser's behaviour.
 */
export function QueryLink({
  href,
  className,
  onFollow,
  followedInPage = false,
  children,
  ...aria
}: {
  href: string;
  className?: string;
  /** the running page must follow it even from the server's copy (shared-ui's FOLLOWED_IN_PAGE_ATTRIBUTE) */
  followedInPage?: boolean;
  /** called before navigating (e.g. an analytics event) */
  onFollow?(): void;
  children: ReactNode;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  const shell = useShell();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onFollow?.();
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    event.preventDefault();
    shell.navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick} {...(followedInPage ? { [FOLLOWED_IN_PAGE_ATTRIBUTE]: '' } : {})} {...aria}>
      {children}
    </a>
  );
}
