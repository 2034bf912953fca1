import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ComposedRoute, InitialState, Lang } from '@portal/shared-api';
import { buildPath, findRoute } from '@portal/shared-i18n';
import { serverMessage } from './messages';
import { escapeStyle, type PrerenderedPage } from './prerendered';
import { dedupeStyleElements } from './style-dedupe';

/**
 * The shell's header and footer as static HTML inside #portal-root, so a patient sees the brand
 * and customer service details at first paint instead of a blank page while the shell's code
 * downloads (on a slow phone link that is most of the wait). The markup uses the shell's own class
 * names and texts (shell/dist/skeleton-messages.json, emitted by the shell's build) and is replaced
 * whole by the shell's React layout on its first render. Pages without a footer get none here.
 */
/** What the server rendered of the page and of the shell's layout around it (prerendered.ts). */
export interface SkeletonParts {
  page?: PrerenderedPage | null;
  header?: string | null;
  menu?: string | null;
}

/** The shell's texts the server renders (shell/dist/skeleton-messages.json), re-read when a new build replaces them. */
export function createShellMessages(shellDist: string): (lang: Lang) => Record<string, string> | null {
  const file = path.join(shellDist, 'skeleton-messages.json');
  let cached: { mtimeMs: number; messages: Record<string, Record<string, string>> } | null = null;
  return (lang) => {
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, messages: JSON.parse(readFileSync(file, 'utf8')) };
      return cached.messages[lang] ?? null;
    } catch {
      return null; // no shell build (server-only tests): no skeleton
    }
  };
}

/**
 * The document's title as the shell sets it once its code runs ("Visits – Patient portal"), so the
 * tab, the history and a screen reader's page announcement are right before any script (issue 28):
 * the pre-rendered page's own heading where the server rendered the page (the shell titles a page by
 * its `<h1>`), else the page's menu label where its route has one, then the brand's title, in the
 * page's language.
 */
export function documentTitle(
  messages: Record<string, string> | null,
  state: Pick<InitialState, 'lang' | 'brand'>,
  route: ComposedRoute | null,
  pageHtml: string | null = null,
): string {
  const brandTitle = messages?.[`shell.brand.${state.brand}.title`] ?? serverMessage(state.lang, 'server.document.title');
  const pageTitle = (pageHtml && headingText(pageHtml)) || route?.menu?.label?.[state.lang];
  return pageTitle ? `${pageTitle} – ${brandTitle}` : brandTitle;
}

/** React's escapes in rendered text, undone: the title is escaped once more where it is written. */
const RENDERED_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&nbsp;': '\u00a0' };

/** The text of the first `<h1>` of server-rendered HTML (its tags dropped, spaces collapsed), or ''. */
export function headingText(html: string): string {
  const heading = /<h1[\s>][\s\S]*?<\/h1>/i.exec(html)?.[0];
  if (!heading) return '';
  return heading
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|nbsp|#x27|#39);/g, (entity) => RENDERED_ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export function createSkeleton(shellDist: string) {
  const messages = createShellMessages(shellDist);

  /**
   * `page` is the route's pre-rendered page (prerendered.ts), shown in <main> until its code replaces
   * it; `header` and `menu` the shell's own header and side menu of the page, else the skeleton's
   * brand-only header and no menu.
   */
  return function renderSkeleton(state: InitialState, route: ComposedRoute | null, prerendered: SkeletonParts = {}): string {
    const { page = null, header = null, menu = null } = prerendered;
    const m = messages(state.lang);
    if (!m) return '';
    const t = (id: string) => escapeHtml(m[id] ?? '');
    const { config } = state;
    const title = t(`shell.brand.${state.brand}.title`);
    const termsLang = state.brand === 'children' ? 'fi' : state.lang;
    const showFooter = route?.layout.footer ?? true;
    // the accessibility statement, when the shell build being served has it (shell/routes.json)
    const accessibility = findRoute(state.routes, 'accessibility');
    const footer = showFooter
      ? `<footer class="shell-footer">` +
        `<div class="shell-footer__column"><h2 class="shell-footer__heading">${t('shell.footer.customerService')}</h2>` +
        `<p><a href="tel:${escapeHtml(config.customerServicePhone.replace(/[^\d+]/g, ''))}">${escapeHtml(config.customerServicePhone)}</a></p>` +
        `<p class="shell-footer__note">${t('shell.footer.callCharge')}</p></div>` +
        `<div class="shell-footer__column"><h2 class="shell-footer__heading">${t('shell.footer.apps')}</h2><ul class="shell-footer__apps">` +
        `<li><a href="${escapeHtml(config.appLinks.ios)}" rel="noopener noreferrer">${t('shell.footer.appStore')}</a></li>` +
        `<li><a href="${escapeHtml(config.appLinks.android)}" rel="noopener noreferrer">${t('shell.footer.googlePlay')}</a></li></ul></div>` +
        `<div class="shell-footer__column"><ul class="shell-footer__links">` +
        `<li><a href="/${termsLang}/eula" hreflang="${termsLang}">${t('shell.footer.terms')}</a></li>` +
        (accessibility ? `<li><a href="${escapeHtml(buildPath(accessibility, state.lang))}">${t('shell.footer.accessibility')}</a></li>` : '') +
        `</ul></div>` +
        `</footer>`
      : '';
    const fullWidth = route?.layout.fullWidth ? ' shell--full-width' : '';
    const withMenu = menu ? ' shell--with-menu' : '';
    return (
      `<div class="shell shell--skeleton${withMenu}${fullWidth}">` +
      // A pre-rendered page is read and used before the shell runs, so it has the layout's skip link too.
      (page && route ? `<a class="shell-skip-link" href="#main-content">${t('shell.skipToContent')}</a>` : '') +
      (header ??
        `<header class="shell-header"><a class="shell-header__brand" href="/${state.lang}">` +
          `<span class="shell-logo shell-logo--placeholder"></span><span class="shell-header__title">${title}</span></a></header>`) +
      `<div class="shell-body">${menu ?? ''}${page && route ? prerenderedMain(route, page) : emptyMain(state)}</div>` +
      footer +
      `</div>`
    );
  };
}

/** Without JavaScript the skeleton stays: it says why the page is empty. */
function emptyMain(state: InitialState): string {
  return `<main class="shell-main"><noscript><p>${escapeHtml(serverMessage(state.lang, 'server.document.noscript'))}</p></noscript></main>`;
}

/**
 * The pre-rendered page where the shell's layout puts it: a shell page first in <main>, a remote's
 * page inside that remote's host element in the remote outlet (ShellApp's RemoteOutlet). The shell
 * adopts that host (shell/src/app/prerendered-hosts.ts), so the page stays on screen until the
 * remote mounts over it. The CSS goes with the page: the remote's and shared-ui's styles otherwise
 * arrive with their scripts.
 */
function prerenderedMain(route: ComposedRoute, page: PrerenderedPage): string {
  // the page's summaries each bring their remote's CSS: each rule goes once
  const content = dedupeStyleElements(`<style>${escapeStyle(page.css)}</style>${page.html}`);
  const inside =
    route.owner === 'shell'
      ? `${content}<div class="shell-remote-outlet"></div>`
      : `<div class="shell-remote-outlet"><div class="shell-remote-host" data-remote="${escapeHtml(route.owner)}">${content}</div></div>`;
  return `<main id="main-content" class="shell-main" tabindex="-1">${inside}</main>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
}
