import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { INITIAL_STATE_ELEMENT_ID, type InitialState, type Lang } from '@portal/shared-api';
import { serverMessage } from './messages';

export const INITIAL_STATE_MARKER = '<!--portal-initial-state-->';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}

/** Used when shell/dist is not built (tests, server-only development): same marker, no scripts. */
function builtInTemplate(lang: Lang): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(serverMessage(lang, 'server.document.title'))}</title></head>`,
    `<body><noscript>${escapeHtml(serverMessage(lang, 'server.document.noscript'))}</noscript><div id="root"></div>`,
    INITIAL_STATE_MARKER,
    '</body></html>',
  ].join('\n');
}

/** JSON safe inside a <script> element: no '<' can close it, no line separators trip old parsers. */
export function serializeInitialState(state: InitialState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * On #portal-root when the page inside it is pre-rendered whole for an anonymous visitor
 * (shell/src/deferred-boot.ts reads it): the shell's code waits for their first interaction.
 */
export type BootMode = 'deferred';

export interface ShellTemplate {
  /**
   * `skeleton` is static markup for #portal-root, shown until the shell's code replaces it;
   * `boot` says that it holds the whole page (pre-rendered), so the shell's code may wait.
   */
  render(state: InitialState, skeleton?: string, options?: { boot?: BootMode; title?: string }): string;
}

/** shell/dist/index.html, re-read when a new shell build replaces it. */
export function createShellTemplate(shellDist: string): ShellTemplate {
  const file = path.join(shellDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;

  function template(lang: Lang): string {
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return cached.html;
    } catch {
      return builtInTemplate(lang);
    }
  }

  return {
    render(state, skeleton = '', { boot, title } = {}) {
      const script = `<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">${serializeInitialState(state)}</script>`;
      let html = template(state.lang);
      html = html.includes(INITIAL_STATE_MARKER)
        ? html.replace(INITIAL_STATE_MARKER, () => script)
        : html.replace(/<\/body>/i, () => `${script}</body>`);
      if (skeleton) {
        const marker = boot ? ` data-boot="${boot}"` : '';
        html = html.replace(/(<div id="?portal-root"?)>(<\/div>)/, (_m, open: string, close: string) => `${open}${marker}>${skeleton}${close}`);
      }
      if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
      // <html lang> follows the page's language whatever the build wrote; data-brand picks the theme
      // before any script runs.
      return html.replace(/<html\b([^>]*)>/i, (_m, attrs: string) => {
        const rest = attrs.replace(/\s+(lang|data-brand)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
        return `<html lang="${state.lang}" data-brand="${state.brand}"${rest}>`;
      });
    },
  };
}
