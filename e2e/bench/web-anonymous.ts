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
 * - the hand-over: the shell's code waits for the visitor on a pre-rendered page (shell/src/
 *   deferred-boot.ts), so its start-up's long tasks are not in the load; after the load the visitor
 *   presses Tab, and the time until the shell's layout and the page owner's code have replaced the
 *   server's HTML is measured, with the long tasks' blocking time in it (the cost moved, not removed);
 * and once more with JavaScript disabled: the <h1> and the links in <main> are there.
 */
import type { Browser, Page } from '@playwright/test';
import { openThrottledPage } from '../../tooling/harness/bench-portal';

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
  /** from the first key to the shell's layout and the page's own code in place */
  handOverMs: number;
  /** long tasks' time over 50 ms each in the hand-over */
  handOverBlockingMs: number;
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
    const handOver = await firstInteraction(page);
    // no paint entry (seen once under heavy load): the heading's arrival alone
    const usable = Math.max(Number.isNaN(f.fcp) ? 0 : f.fcp, f.contentAt ?? Infinity);
    const scripts = f.scripts.map((s) => ({ url: s.url.replace(baseURL, ''), bytes: s.bytes, beforeUsable: s.end <= usable }));
    return {
      usableMs: usable,
      ...handOver,
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

/** The server's HTML has given way to the shell's layout and the page owner's code (a remote's page replaces its pre-rendered copy). */
const HANDED_OVER = `document.querySelector('.shell-skip-link') !== null && document.querySelector('[data-prerendered]') === null`;

/** The visitor's first key after the load: how long until the shell has taken over, and its long tasks' blocking time. */
async function firstInteraction(page: Page): Promise<{ handOverMs: number; handOverBlockingMs: number }> {
  const startedAt = await page.evaluate<number>('performance.now()');
  await page.keyboard.press('Tab');
  // polled with evaluate: waitForFunction compiles its string in the page, which the CSP refuses
  const until = Date.now() + 60_000;
  while (!(await page.evaluate<boolean>(HANDED_OVER))) {
    if (Date.now() > until) throw new Error('the shell did not take over within 60 s of the first key');
    await new Promise((r) => setTimeout(r, 50));
  }
  const endedAt = await page.evaluate<number>('performance.now()');
  const longTasks = await page.evaluate<[number, number][]>('window.__longTasks');
  return {
    handOverMs: endedAt - startedAt,
    handOverBlockingMs: longTasks.filter(([start]) => start >= startedAt).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
  };
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
