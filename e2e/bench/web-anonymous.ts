/**
 * The anonymous pages (issue 15): usable before any JavaScript runs, with ≤ 60 KB of JavaScript
 * transferred before they are usable. One cold load (new context, empty cache, no session) under
 * 4x CPU slowdown and Slow 4G, until the network is idle, measured in the page:
 * - usable: the first contentful paint, provided the page's <h1> was in <main> by then (the
 *   server's HTML holds it with the page's text and links; otherwise the moment it appeared);
 * - JavaScript before usable: compressed bytes (transfer size, with headers) of every script whose
 *   response had ended by then (Resource Timing, the same clock as the paint);
 * - blocking time after usable: long tasks' time over 50 ms each (the page does not answer a click
 *   then), and layout shift (CLS) over the whole load;
 * and once more with JavaScript disabled: the <h1> and the links in <main> are there.
 */
import type { Browser } from '@playwright/test';
import { openThrottledPage } from './shared';

export interface AnonymousPage {
  label: string;
  path: string;
  brand: 'adult' | 'children';
}

export const ANONYMOUS_PAGES: AnonymousPage[] = [
  { label: 'login', path: '/fi/kirjaudu?nextPath=%2Ffi%2Fkaynnit', brand: 'adult' },
  { label: 'expired session', path: '/fi/katkennut-istunto?next=%2Ffi%2Fkaynnit', brand: 'adult' },
  { label: 'terms', path: '/fi/eula', brand: 'adult' },
  { label: 'new customer', path: '/fi/uusi-asiakas', brand: 'adult' },
  { label: 'booking landing', path: '/fi/ajanvaraus', brand: 'adult' },
  { label: "children's landing", path: '/fi/asiointipolku', brand: 'children' },
];

/** A string, not a function: tsx's helpers (__name) do not exist in the page. */
const PAGE_PROBES = `
  (() => {
    window.__cls = 0;
    window.__longTasks = [];
    const seen = () => document.querySelector('main h1');
    new MutationObserver((_m, observer) => {
      if (window.__contentAt === undefined && seen()) {
        window.__contentAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
      .observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  })();
`;

/** What the page measured (see PAGE_PROBES), read after the load settled. */
const READ_FIGURES = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const scripts = performance.getEntriesByType('resource')
    .filter((e) => e.initiatorType === 'script' || /\\.js(\\?|$)/.test(e.name))
    .map((e) => ({ url: e.name, bytes: e.transferSize, end: e.responseEnd }));
  return { fcp: fcp ? fcp.startTime : NaN, contentAt: window.__contentAt, cls: window.__cls, longTasks: window.__longTasks, scripts };
})()`;

interface PageFigures {
  fcp: number;
  contentAt?: number;
  cls: number;
  longTasks: [number, number][];
  scripts: { url: string; bytes: number; end: number }[];
}

export interface AnonymousLoad {
  usableMs: number;
  jsBytesBeforeUsable: number;
  jsBytesTotal: number;
  blockingAfterUsableMs: number;
  cls: number;
  scripts: { url: string; bytes: number; beforeUsable: boolean }[];
}

export async function loadAnonymousPageCold(browser: Browser, baseURL: string, path: string): Promise<AnonymousLoad> {
  const { context, page, networkQuiet } = await openThrottledPage(browser, baseURL, { probes: PAGE_PROBES });
  try {
    await page.goto(path, { waitUntil: 'load' });
    await networkQuiet();
    const f = await page.evaluate<PageFigures>(READ_FIGURES);
    // no paint entry (seen once under heavy load): the heading's arrival alone
    const usable = Math.max(Number.isNaN(f.fcp) ? 0 : f.fcp, f.contentAt ?? Infinity);
    const scripts = f.scripts.map((s) => ({ url: s.url.replace(baseURL, ''), bytes: s.bytes, beforeUsable: s.end <= usable }));
    return {
      usableMs: usable,
      jsBytesBeforeUsable: scripts.filter((s) => s.beforeUsable).reduce((sum, s) => sum + s.bytes, 0),
      jsBytesTotal: scripts.reduce((sum, s) => sum + s.bytes, 0),
      blockingAfterUsableMs: f.longTasks.filter(([start]) => start >= usable).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      cls: f.cls,
      scripts,
    };
  } finally {
    await context.close();
  }
}

/** With JavaScript disabled: the page's <h1> text and the number of links in <main>. */
export async function withoutJavaScript(browser: Browser, baseURL: string, path: string): Promise<{ heading: string; links: number }> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(path);
    const heading = (await page.locator('main h1').first().textContent({ timeout: 5000 }).catch(() => null)) ?? '';
    return { heading: heading.trim(), links: await page.locator('main a[href]').count() };
  } finally {
    await context.close();
  }
}
