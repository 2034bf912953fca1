/**
 * The booking benchmark's browser part: the private appointment search page
 * (/fi/ajanvaraus/yksityisasiakas) opened cold in Debian's Chromium against the built portal
 * (server/dist, shell/dist, mf-booking/dist: `npm run build` first; the benchmark does not build),
 * on the benchmark's database with its 100,000 free slots. It reuses the web benchmark's helpers
 * (tooling/harness/bench-portal.ts: the built server on a free port, Chromium with the benchmarks' flags).
 *
 * Time to first results: from navigation start to the moment the first slot of the results list is
 * in the DOM (a MutationObserver notes it), without throttling; the page's loader embeds the first
 * results in the HTML, so this is the server's answer plus the shell's and the remote's code and
 * their first render.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, repoRoot, startPortalServer } from '../../tooling/harness/bench-portal';

const SEARCH_PAGE = '/fi/ajanvaraus/yksityisasiakas';

export interface SearchPageTimes {
  /** navigation start to the first result in the DOM, ms, one per cold load */
  firstResults: number[];
  /** navigation start to the HTML's first byte, ms */
  firstByte: number[];
}

/** null when the portal is not built (server/dist/main.js, mf-booking/dist missing). */
export function searchPageSkipReason(): string | null {
  const needed = ['server/dist/main.js', 'shell/dist', 'mf-booking/dist'].filter((file) => !fs.existsSync(path.join(repoRoot, file)));
  return needed.length ? `the portal is not built (${needed.join(', ')} missing: npm run build)` : null;
}

// A string, not a function: tsx's helpers (__name) do not exist in the page.
const firstResultProbe = (listLabel: string) => `
  (() => {
    const selector = ${JSON.stringify(`ol[aria-label="${listLabel}"] > li`)};
    window.__firstResults = null;
    const seen = () => {
      if (window.__firstResults === null && document.querySelector(selector)) window.__firstResults = performance.now();
      return window.__firstResults !== null;
    };
    new MutationObserver((_records, observer) => { if (seen()) observer.disconnect(); })
      .observe(document, { childList: true, subtree: true });
  })();
`;

export async function measureSearchPage(databaseUrl: string, runs: number): Promise<SearchPageTimes> {
  const messages = JSON.parse(fs.readFileSync(path.join(repoRoot, 'mf-booking', 'messages', 'fi.json'), 'utf8')) as Record<string, string>;
  const listLabel = messages['booking.search.results'];
  if (!listLabel) throw new Error('mf-booking has no booking.search.results message');
  const server = await startPortalServer({
    output: 'capture',
    env: {
      DATABASE_URL: databaseUrl,
      // every load comes from one address: far above what five page loads need
      API_RATE_LIMIT_PER_CLIENT: '100000',
      API_CONCURRENT_PER_CLIENT: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  const browser = await launchChromium({ ownSignals: true });
  const times: SearchPageTimes = { firstResults: [], firstByte: [] };
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await page.addInitScript(firstResultProbe(listLabel));
        await page.goto(SEARCH_PAGE);
        await page.locator(`ol[aria-label="${listLabel}"] > li`).first().waitFor({ timeout: 30_000 });
        const measured = await page.evaluate<{ first: number | null; ttfb: number }>(
          `({ first: window.__firstResults, ttfb: performance.getEntriesByType('navigation')[0].responseStart })`,
        );
        if (measured.first === null) throw new Error('the first result was not noted');
        times.firstResults.push(measured.first);
        times.firstByte.push(measured.ttfb);
      } finally {
        await context.close();
      }
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\nThe portal server's last lines:\n${server.output()}`;
    throw error;
  } finally {
    await browser.close();
    await server.stop();
  }
  return times;
}
