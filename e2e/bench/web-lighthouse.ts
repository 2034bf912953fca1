/**
 * Lighthouse's mobile run (its default: simulated Slow 4G and 4x CPU, a Moto G Power screen) of the
 * portal's main pages in Debian's Chromium, performance and accessibility only.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Cookies } from './shared';

export const LIGHTHOUSE_BUDGET = { performance: 0.95, accessibility: 1 };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthousePage {
  label: string;
  path: string;
  /** signed-in pages are loaded with the session cookie */
  signedIn: boolean;
}

export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { label: 'login page', path: '/fi/kirjaudu', signedIn: false },
  { label: 'front page', path: '/fi', signedIn: true },
  { label: 'records visits', path: '/fi/kaynnit', signedIn: true },
  { label: 'appointment search', path: '/fi/ajanvaraus/yksityisasiakas', signedIn: false },
  { label: 'invoices list', path: '/fi/laskut', signedIn: true },
];

export interface CategoryResult {
  score: number | null;
  /** the category's audits that did not pass (score below 0.9, or 0 for binary audits), worst first */
  failing: { id: string; score: number; displayValue?: string }[];
}

export interface LighthouseResult {
  page: LighthousePage;
  finalUrl: string;
  performance: CategoryResult;
  accessibility: CategoryResult;
  metrics: Record<string, string>;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function category(lhr: Lhr, id: 'performance' | 'accessibility'): CategoryResult {
  const cat = lhr.categories[id];
  const failing = (cat?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined && audit.score !== null && audit.score < (audit.scoreDisplayMode === 'binary' ? 1 : 0.9))
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .map((audit) => ({ id: audit.id, score: audit.score ?? 0, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) }));
  return { score: cat?.score ?? null, failing };
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** The compressed JavaScript the page loaded, from Lighthouse's resource summary: e.g. '258.1 KB in 20'. */
function scriptTransfer(lhr: Lhr): string {
  const details = lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined;
  const scripts = details?.items?.find((item) => item.resourceType === 'script');
  return scripts ? `${(scripts.transferSize / 1024).toFixed(1)} KB in ${scripts.requestCount}` : '?';
}

/** Lighthouse's own "run me again" failures of the trace (NO_NAVSTART, seen now and then on this machine). */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);
const ATTEMPTS = 3;

/** Runs Lighthouse on one page in a fresh Chromium (chrome-launcher), so no cache carries over. */
async function lighthouseOnce(baseURL: string, cookieHeader: string, page: LighthousePage): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const run = await lighthouse(`${baseURL}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.signedIn ? { extraHeaders: { Cookie: cookieHeader } } : {}),
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}`);
    return run.lhr;
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse run per page; a run whose trace Lighthouse itself asks to repeat is repeated (up to 3 attempts). */
export async function runLighthouse(baseURL: string, cookies: Cookies, pages = LIGHTHOUSE_PAGES): Promise<LighthouseResult[]> {
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const results: LighthouseResult[] = [];
  for (const page of pages) {
    let lhr = await lighthouseOnce(baseURL, cookieHeader, page);
    for (let attempt = 2; attempt <= ATTEMPTS && lhr.runtimeError && RETRIED_RUNTIME_ERRORS.has(lhr.runtimeError.code); attempt++) {
      console.log(`  (${page.path}: Lighthouse's trace failed with ${lhr.runtimeError.code}; attempt ${attempt} of ${ATTEMPTS})`);
      lhr = await lighthouseOnce(baseURL, cookieHeader, page);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    results.push({
      page,
      finalUrl: lhr.finalDisplayedUrl,
      performance: category(lhr, 'performance'),
      accessibility: category(lhr, 'accessibility'),
      metrics: { ...Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '?'])), javascript: scriptTransfer(lhr) },
    });
  }
  return results;
}
