/**
 * One cold load of the signed-in front page (new browser context, empty cache) under 4x CPU
 * slowdown and Slow 4G, counted until every summary parcel has rendered and the network is idle.
 */
import type { Browser } from '@playwright/test';
import { openThrottledPage, type Cookies } from '../../tooling/harness/bench-portal';

/**
 * Counts React DOM renderers (each copy of react-dom registers once), records the latest LCP entry,
 * the first summary's heading (the server's HTML or a parcel's) and the moment every front-page parcel
 * of the manifest in the page's initial state is final (section.shell-parcel, data-parcel-status
 * "server": complete in the server's HTML; "ready" or "error": its code mounted or failed).
 * A string, not a function: tsx's helpers (__name) do not exist in the page.
 */
const PAGE_PROBES = `
  (() => {
    const renderers = new Map();
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers, supportsFiber: true, isDisabled: false,
      inject(r) { renderers.set(renderers.size + 1, r); return renderers.size; },
      onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
    };
    window.__lcp = 0;
    let expected;
    const expectedParcels = () => {
      if (expected !== undefined) return expected;
      const script = document.getElementById('portal-initial-state');
      if (!script) return -1;
      try {
        // the server's remotes manifest: { remotes: [...], overridesAllowed }
        expected = JSON.parse(script.textContent).remotes.remotes.reduce((n, r) => n + (r.frontPageParcels || []).length, 0);
      } catch { expected = -1; }
      return expected;
    };
    new MutationObserver((_m, observer) => {
      // a summary parcel's heading: 'main section h2' also matched the shell's own SMS onboarding box
      if (window.__summaries === undefined && document.querySelector('main .shell-parcel h2')) window.__summaries = performance.now();
      // every summary final: complete in the server's HTML ("server", its code not needed), or its
      // parcel's code mounted or failed (a summary that needs its code is on screen, not busy, before
      // that code has even arrived, and the code is counted too)
      const slots = document.querySelectorAll('main section.shell-parcel');
      if (slots.length > 0 && slots.length === expectedParcels() && [...slots].every((s) => ['server', 'ready', 'error'].includes(s.getAttribute('data-parcel-status')))) {
        window.__allSummaries = performance.now();
        window.__parcelErrors = document.querySelectorAll('main .shell-parcel__error').length;
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-parcel-status'] });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__lcp = e.startTime; window.__lcpElement = e.element ? e.element.tagName + ' ' + (e.element.textContent || '').slice(0, 40) : String(e.url || ''); } })
      .observe({ type: 'largest-contentful-paint', buffered: true });
  })();
`;

export interface FrontPageLoad {
  /** compressed bytes on the wire (with headers) of every script */
  jsBytes: number;
  jsRequests: number;
  reactCopies: number;
  lcpMs: number;
  /** the first summary heading in the page */
  firstSummaryMs: number;
  /** every summary parcel rendered (or showing its error) */
  allSummariesMs: number;
  parcelErrors: number;
  scripts: { url: string; bytes: number }[];
  lcpElement: string;
}

interface PageFigures {
  lcp: number;
  lcpElement?: string;
  summaries?: number;
  allSummaries?: number;
  parcelErrors?: number;
  react: number;
}

export async function loadFrontPageCold(browser: Browser, baseURL: string, cookies: Cookies): Promise<FrontPageLoad> {
  const { context, page, cdp, networkQuiet } = await openThrottledPage(browser, baseURL, { probes: PAGE_PROBES, cookies });
  try {
    const scriptUrls = new Map<string, string>();
    const scripts = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script' || /\.js(\?|$)/.test(e.response.url)) scriptUrls.set(e.requestId, e.response.url);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scriptUrls.has(e.requestId)) scripts.set(e.requestId, e.encodedDataLength);
    });
    await page.goto('/fi', { waitUntil: 'load' });
    // networkidle alone can come before a remote is even asked for (the CPU is slowed 4x): first
    // every summary parcel, then a quiet network (networkQuiet), so every script the page loads is counted.
    // a function, not a string: the portal's CSP forbids the eval a string predicate needs
    await page.waitForFunction(() => (window as unknown as { __allSummaries?: number }).__allSummaries !== undefined, undefined, { timeout: 90_000, polling: 100 });
    await networkQuiet();
    // LCP is final once the user interacts; read it after the page settled.
    const figures = await page.evaluate<PageFigures>(
      `({ lcp: window.__lcp, lcpElement: window.__lcpElement, summaries: window.__summaries, allSummaries: window.__allSummaries,
          parcelErrors: window.__parcelErrors, react: window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size })`,
    );
    const scriptList = [...scripts].map(([id, bytes]) => ({ url: (scriptUrls.get(id) ?? id).replace(baseURL, ''), bytes }));
    return {
      jsBytes: scriptList.reduce((sum, s) => sum + s.bytes, 0),
      jsRequests: scriptList.length,
      reactCopies: figures.react,
      lcpMs: figures.lcp,
      firstSummaryMs: figures.summaries ?? NaN,
      allSummariesMs: figures.allSummaries ?? NaN,
      parcelErrors: figures.parcelErrors ?? 0,
      scripts: scriptList,
      lcpElement: figures.lcpElement ?? '',
    };
  } finally {
    await context.close();
  }
}
