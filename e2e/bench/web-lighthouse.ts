/**
 * Lighthouse's mobile run (its default: simulated Slow 4G and 4x CPU, a Moto G Power screen) of the
 * portal's main pages in Debian's Chromium, performance and accessibility only.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Cookies } from '../../tooling/harness/bench-portal';

/** Issue 31: the largest paint is the server's HTML, so it comes with the first (within 100 ms) and by 1.2 s. */
export const LIGHTHOUSE_BUDGET = { performance: 0.98, accessibility: 1, lcpMs: 1200, lcpAfterFcpMs: 100, tbtMs: 50, cls: 0 };
/** Issue 31: every HTML document compressed; the front page's at most 40 KB before compression. */
export const HTML_BUDGET = { frontPageBytes: 40 * 1024, compressed: true };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthousePage {
  label: string;
  /** the page's address, or where to find it: the first match of `pattern` in a page state (GET /api/pages/…), put into `path` */
  path: string | { state: string; pattern: RegExp; path: (found: string) => string };
  /** signed-in pages are loaded with the session cookie */
  signedIn: boolean;
}

/** Every page type issue 31 names; the laboratory result and the reservation found in a page state (their addresses change with the demo world's days). */
export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { label: 'login page', path: '/fi/kirjaudu', signedIn: false },
  { label: 'front page', path: '/fi', signedIn: true },
  { label: 'records visits', path: '/fi/kaynnit', signedIn: true },
  // the newest of Mikko's laboratory results: the demo world's dates are relative to today
  {
    label: 'laboratory result',
    path: { state: '/api/pages/records.laboratory?lang=fi', pattern: /"date":"(\d{4}-\d{2}-\d{2})"/, path: (date) => `/fi/laboratoriotulos/${date}` },
    signedIn: true,
  },
  { label: 'appointment search', path: '/fi/ajanvaraus/yksityisasiakas', signedIn: false },
  // the first free time of the search, as Mikko reserves it
  {
    label: 'reservation',
    path: { state: '/api/pages/booking.private-list?lang=fi', pattern: /"appointments":\[\{"id":"(\d+)"/, path: (id) => `/fi/vapaat-ajat/${id}` },
    signedIn: true,
  },
  { label: 'invoices list', path: '/fi/laskut', signedIn: true },
  { label: 'my information', path: '/fi/omat-tiedot', signedIn: true },
];

/** The address of `page` on this server (from a page state, read as the signed-in person). */
export async function pathOf(baseURL: string, cookieHeader: string, page: LighthousePage): Promise<string> {
  if (typeof page.path === 'string') return page.path;
  const json = await (await fetch(`${baseURL}${page.path.state}`, { headers: page.signedIn ? { cookie: cookieHeader } : {} })).text();
  const found = page.path.pattern.exec(json)?.[1];
  if (!found) throw new Error(`${page.label}: nothing matching ${page.path.pattern} in ${page.path.state}`);
  return page.path.path(found);
}

export interface CategoryResult {
  score: number | null;
  /** the category's audits that did not pass (score below 0.9, or 0 for binary audits), worst first */
  failing: { id: string; score: number; displayValue?: string }[];
}

export interface LighthouseResult {
  page: LighthousePage;
  /** the address measured */
  path: string;
  finalUrl: string;
  performance: CategoryResult;
  accessibility: CategoryResult;
  metrics: Record<string, string>;
  /** the same metrics as numbers (ms; CLS unitless) */
  numbers: Record<string, number>;
  /** the HTML document: its size before compression and on the wire (from Lighthouse's network records) */
  document: { bytes: number; transferBytes: number } | null;
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

/** The page's own HTML document among Lighthouse's network records. */
function documentOf(lhr: Lhr): LighthouseResult['document'] {
  const details = lhr.audits['network-requests']?.details as { items?: { resourceType?: string; url: string; resourceSize?: number; transferSize?: number }[] } | undefined;
  const document = details?.items?.find((item) => item.resourceType === 'Document' && item.url === lhr.finalDisplayedUrl) ?? details?.items?.find((item) => item.resourceType === 'Document');
  return document ? { bytes: document.resourceSize ?? NaN, transferBytes: document.transferSize ?? NaN } : null;
}

/** Lighthouse's own "run me again" failures of the trace (NO_NAVSTART, seen now and then on this machine). */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);
const ATTEMPTS = 3;

/** Runs Lighthouse on one page in a fresh Chromium (chrome-launcher), so no cache carries over. */
async function lighthouseOnce(baseURL: string, cookieHeader: string, page: LighthousePage, path: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const run = await lighthouse(`${baseURL}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.signedIn ? { extraHeaders: { Cookie: cookieHeader } } : {}),
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
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
    const path = await pathOf(baseURL, cookieHeader, page);
    let lhr = await lighthouseOnce(baseURL, cookieHeader, page, path);
    for (let attempt = 2; attempt <= ATTEMPTS && lhr.runtimeError && RETRIED_RUNTIME_ERRORS.has(lhr.runtimeError.code); attempt++) {
      console.log(`  (${path}: Lighthouse's trace failed with ${lhr.runtimeError.code}; attempt ${attempt} of ${ATTEMPTS})`);
      lhr = await lighthouseOnce(baseURL, cookieHeader, page, path);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    results.push({
      page,
      path,
      finalUrl: lhr.finalDisplayedUrl,
      performance: category(lhr, 'performance'),
      accessibility: category(lhr, 'accessibility'),
      metrics: { ...Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? '?'])), javascript: scriptTransfer(lhr) },
      numbers: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])),
      document: documentOf(lhr),
    });
  }
  return results;
}
