import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { langOfPath } from '@portal/shared-i18n';
import { useRuntime } from './runtime';

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link inside the portal: a plain left click navigates client-side through the shell (single-spa
 * reroutes the remotes); a link into another language is a full page load, because the server renders
 * the page's state and `<html lang>` in that language.
 */
export function ShellLink({ href, onClick, target, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { shell, state } = useRuntime();
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || target) return;
        if (!href.startsWith('/') || langOfPath(href) !== state.lang) return;
        event.preventDefault();
        shell.navigate(href);
      }}
    />
  );
}
