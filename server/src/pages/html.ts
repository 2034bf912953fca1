import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { INITIAL_STATE_ELEMENT_ID, type ComposedRoute, type InitialState, type Lang, type RouteTable } from '@portal/shared-api';
import { brandIconLink } from './brand-icon';
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

const DEFAULT_LAYOUT = { menu: true, footer: true, fullWidth: false } as const;

/**
 * A route as the page carries it: without the values the route schema gives by default (no
 * features, both brands, the usual layout), which the shell's parse of the state puts back.
 */
function compactRoute(route: ComposedRoute): Record<string, unknown> {
  const { features, brands, layout, ...rest } = route;
  const compact: Record<string, unknown> = { ...rest };
  if (features.length > 0) compact.features = features;
  if (!(brands.includes('adult') && brands.includes('children'))) compact.brands = brands;
  const changed = Object.fromEntries(Object.entries(layout).filter(([key, value]) => value !== DEFAULT_LAYOUT[key as keyof typeof DEFAULT_LAYOUT]));
  if (Object.keys(changed).length > 0) compact.layout = changed;
  return compact;
}
/**
 * The route table as GET /routes.json sends it: only this brand's pages, each without its defaults
 * (55 routes: 17 KB whole, 12.6 KB so).
 */
export function compactRouteTable(routes: RouteTable, brand: InitialState['brand']): Record<string, unknown>[] {
  return routes.filter((route) => route.brands.includes(brand)).map(compactRoute);
}

/**
 * The state as the page embeds it (EmbeddedInitialState): without the route table, which the shell
 * fetches from /routes.json (the same for every page of a visitor; it was 12–19 KB of each page),
 * as JSON safe inside a <script> element: no '<' can close it, no line separators trip old parsers.
 */
export function serializeInitialState(state: InitialState): string {
  const { routes: _routes, ...embedded } = state;
  const json = JSON.stringify(embedded);
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * On #portal-root when the server pre-rendered the page inside it (shell/src/deferred-boot.ts reads
 * it): `deferred`, the whole page, whose shell waits for the visitor's first interaction (or, signed
 * in, for the session's expiry warnings); `after-paint`, a page whose content is the server's in
 * part, whose shell starts after the first paint has shown it.
 */
export type BootMode = 'deferred' | 'after-paint';

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
        // the entry starts a deferred page's shell in time for the session's expiry warnings (shell/src/deferred-boot.ts)
        const expiry = boot === 'deferred' && state.session ? ` data-session-expires-at="${escapeHtml(state.session.expiresAt)}"` : '';
        const marker = boot ? ` data-boot="${boot}"${expiry}` : '';
        html = html.replace(/(<div id="?portal-root"?)>(<\/div>)/, (_m, open: string, close: string) => `${open}${marker}>${skeleton}${close}`);
      }
      if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
      if (!/<link[^>]+rel=["']?icon/i.test(html)) html = html.replace(/<\/head>/i, () => `${brandIconLink(state.brand)}</head>`);
      // <html lang> follows the page's language whatever the build wrote; data-brand picks the theme
      // before any script runs.
      return html.replace(/<html\b([^>]*)>/i, (_m, attrs: string) => {
        const rest = attrs.replace(/\s+(lang|data-brand)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
        return `<html lang="${state.lang}" data-brand="${state.brand}"${rest}>`;
      });
    },
  };
}
