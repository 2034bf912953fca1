import type { AnchorHTMLAttributes } from 'react';
import type { Lang } from '@portal/shared-api';
import { langOfPath } from '@portal/shared-i18n';
import { useRuntime } from './runtime';

type Click = Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>;

/**
 * Whether a click on a link to `href` is the shell's to follow client-side: a plain left click
 * nobody prevented, on a link in the page's own language that opens no other window.
 */
export function followsInShell(event: Click, href: string, target: string | null | undefined, lang: Lang): boolean {
  const plainLeftClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  return !event.defaultPrevented && plainLeftClick && !target && href.startsWith('/') && langOfPath(href) === lang;
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
        if (!followsInShell(event, href, target, state.lang)) return;
        event.preventDefault();
        shell.navigate(href);
      }}
    />
  );
}
