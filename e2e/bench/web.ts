/**
 * npm run bench:web — the front page, the composed portal against a monolithic build of the same
 * pages, navigation between remotes, and Lighthouse.
 *
 * 1. Builds the portal and its monolithic variant (shell/monolith/: the remotes imported straight
 *    into the shell, the same webpack settings without Module Federation) and starts a server for each.
 * 2. Loads the signed-in front page cold (new context, empty cache) BENCH_RUNS times on each,
 *    alternating, in Chromium with 4x CPU slowdown and Slow 4G, counting every script until every
 *    summary parcel has rendered and the network is idle; prints both side by side with composed ÷ monolith.
 * 3. Navigates records visits → booking appointments → payments invoices through the side menu,
 *    unthrottled with the code cached, to the new page's heading (both variants).
 * 4. The anonymous pages (login, expired session, terms, new customer, booking landing, and the
 *    children's landing on a BRAND=children server), cold, throttled as the front page: JavaScript
 *    transferred before the page is usable, blocking time and layout shift; and with JavaScript off,
 *    that the heading and links are there (web-anonymous.ts).
 * 5. Lighthouse (mobile) performance and accessibility of the login page, the front page, a records
 *    page, the appointment search and the invoices list of the composed portal.
 * Budgets (issue 15): composed ÷ monolith ≤ 1.15 for JavaScript bytes and time to first summary;
 * front page ≤ 170 KB, first summary ≤ 1.2 s, LCP ≤ 1.2 s, one React DOM; navigation ≤ 100 ms;
 * anonymous pages ≤ 60 KB of JavaScript before usable, usable without JavaScript, CLS < 0.1;
 * Lighthouse (issue 31): LCP ≤ 1.2 s and within 100 ms of FCP, performance ≥ 0.98, TBT ≤ 50 ms, CLS 0,
 * accessibility 1.0. A figure over budget exits 1 (after all of them).
 * BENCH_SKIP_BUILD=1 reuses both builds, BENCH_VERBOSE=1 lists every script and the LCP element,
 * BENCH_SKIP_LIGHTHOUSE=1 leaves Lighthouse out, BENCH_ANONYMOUS_ONLY=1 measures only the
 * anonymous pages (no monolith, no sign-in), BENCH_LIGHTHOUSE_ONLY="login page,front page" runs only
 * Lighthouse on the pages so labelled, BENCH_LIGHTHOUSE_RUNS=n takes the median of n Lighthouse runs (3 by default, as issue 31 asks).
 */
import type { Browser } from '@playwright/test';
import { buildPortal, CPU_SLOWDOWN, launchChromium, signIn, startPortalServer, type Cookies, type PortalServer } from '../../tooling/harness/bench-portal';
import { loadFrontPageCold, type FrontPageLoad } from './web-front-page';
import { HTML_BUDGET, LIGHTHOUSE_BUDGET, LIGHTHOUSE_PAGES, runLighthouse, type LighthousePage, type LighthouseResult } from './web-lighthouse';
import { buildMonolith, startMonolithServer } from './web-monolith';
import { ANONYMOUS_PAGES, loadAnonymousPageCold, withoutJavaScript, type AnonymousLoad } from './web-anonymous';
import { measureNavigation, type NavigationTimes } from './web-navigation';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const NAVIGATION_ROUNDS = Number(process.env.BENCH_NAVIGATION_ROUNDS ?? 5);
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
const BUDGET = { ratio: 1.15, jsBytes: 170 * 1024, firstSummaryMs: 1200, lcpMs: 1200, reactCopies: 1, navigationMs: 100, anonymousJsBytes: 60 * 1024, anonymousCls: 0.1 };
const ANONYMOUS_ONLY = Boolean(process.env.BENCH_ANONYMOUS_ONLY);
/** "login page,front page": Lighthouse alone, on the pages with these labels (LIGHTHOUSE_PAGES) */
const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_ONLY ? process.env.BENCH_LIGHTHOUSE_ONLY.split(',').map((label) => label.trim()) : null;
/** Lighthouse's scores swing from run to run on a busy machine: the median of this many */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Variant {
  name: 'composed' | 'monolith';
  server: PortalServer;
  cookies: Cookies;
  loads: FrontPageLoad[];
  navigation?: NavigationTimes;
}

interface FrontPageFigures {
  jsBytes: number;
  jsRequests: number;
  firstSummaryMs: number;
  allSummariesMs: number;
  lcpMs: number;
  reactCopies: number;
  parcelErrors: number;
}

function figures(loads: FrontPageLoad[]): FrontPageFigures {
  return {
    jsBytes: median(loads.map((l) => l.jsBytes)),
    jsRequests: median(loads.map((l) => l.jsRequests)),
    firstSummaryMs: Math.round(median(loads.map((l) => l.firstSummaryMs))),
    allSummariesMs: Math.round(median(loads.map((l) => l.allSummariesMs))),
    lcpMs: Math.round(median(loads.map((l) => l.lcpMs))),
    reactCopies: Math.max(...loads.map((l) => l.reactCopies)),
    parcelErrors: Math.max(...loads.map((l) => l.parcelErrors)),
  };
}

const overBudget: string[] = [];
function check(ok: boolean, what: string): string {
  if (!ok) overBudget.push(what);
  return ok ? 'ok' : 'OVER BUDGET';
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const cell = (text: string, width: number) => text.padEnd(width);

function printFrontPage(composed: FrontPageFigures, monolith: FrontPageFigures): void {
  console.log(`\nSigned-in front page, cold, Chromium, ${CPU_SLOWDOWN}x CPU slowdown, Slow 4G (150 ms RTT, 1.6 Mbps), median of ${RUNS} each,`);
  console.log('counted until every summary parcel has rendered and the network is idle:');
  const rows: [string, string, string, number, string][] = [];
  const ratio = (a: number, b: number) => a / b;
  const bytesRatio = ratio(composed.jsBytes, monolith.jsBytes);
  const firstRatio = ratio(composed.firstSummaryMs, monolith.firstSummaryMs);
  rows.push(['JavaScript (compressed)', kb(composed.jsBytes), kb(monolith.jsBytes), bytesRatio,
    `÷ ≤ ${BUDGET.ratio} ${check(bytesRatio <= BUDGET.ratio, 'JS bytes ratio')}; ≤ ${BUDGET.jsBytes / 1024} KB ${check(composed.jsBytes <= BUDGET.jsBytes, 'JS bytes')}`]);
  rows.push(['JavaScript requests', String(composed.jsRequests), String(monolith.jsRequests), ratio(composed.jsRequests, monolith.jsRequests), '']);
  rows.push(['first summary', ms(composed.firstSummaryMs), ms(monolith.firstSummaryMs), firstRatio,
    `÷ ≤ ${BUDGET.ratio} ${check(firstRatio <= BUDGET.ratio, 'first summary ratio')}; ≤ ${BUDGET.firstSummaryMs} ms ${check(composed.firstSummaryMs <= BUDGET.firstSummaryMs, 'first summary')}`]);
  rows.push(['every summary', ms(composed.allSummariesMs), ms(monolith.allSummariesMs), ratio(composed.allSummariesMs, monolith.allSummariesMs), '']);
  rows.push(['LCP', ms(composed.lcpMs), ms(monolith.lcpMs), ratio(composed.lcpMs, monolith.lcpMs),
    `≤ ${BUDGET.lcpMs} ms ${check(composed.lcpMs <= BUDGET.lcpMs, 'LCP')}`]);
  rows.push(['React DOM copies', String(composed.reactCopies), String(monolith.reactCopies), ratio(composed.reactCopies, monolith.reactCopies),
    `= ${BUDGET.reactCopies} ${check(composed.reactCopies <= BUDGET.reactCopies, 'React DOM copies')}`]);
  console.log(`  ${cell('', 25)}${cell('composed', 12)}${cell('monolith', 12)}${cell('÷', 7)}budget (composed)`);
  for (const [label, a, b, r, budget] of rows) console.log(`  ${cell(label, 25)}${cell(a, 12)}${cell(b, 12)}${cell(r.toFixed(2), 7)}${budget}`);
  for (const [name, f] of [['composed', composed], ['monolith', monolith]] as const) {
    if (f.parcelErrors > 0) console.log(`  ${name}: ${f.parcelErrors} summary parcel(s) showed their error view: the figures are not comparable`);
  }
}

function printNavigation(composed: NavigationTimes, monolith: NavigationTimes): void {
  console.log(`\nNavigation through the side menu to the new page's heading, unthrottled, code cached, median of ${NAVIGATION_ROUNDS}:`);
  console.log(`  ${cell('', 48)}${cell('composed', 12)}${cell('monolith', 12)}budget (composed)`);
  for (const [hop, times] of composed.hops) {
    const a = median(times);
    const b = median(monolith.hops.get(hop) ?? []);
    console.log(`  ${cell(hop, 48)}${cell(ms(a), 12)}${cell(ms(b), 12)}≤ ${BUDGET.navigationMs} ms ${check(a <= BUDGET.navigationMs, `navigation ${hop}`)}`);
  }
}

/** Section 4: the anonymous pages on the composed portal (and a children's-brand server for its landing). */
async function measureAnonymousPages(browser: Browser, servers: { adult: PortalServer; children: PortalServer }): Promise<void> {
  const loads = new Map<string, AnonymousLoad[]>();
  for (let i = 0; i < RUNS; i++) {
    for (const page of ANONYMOUS_PAGES) {
      const load = await loadAnonymousPageCold(browser, servers[page.brand].baseURL, page.path);
      loads.set(page.label, [...(loads.get(page.label) ?? []), load]);
      if (VERBOSE) {
        console.log(`  ${page.label} run ${i + 1}: usable ${ms(load.usableMs)}, ${kb(load.jsBytesBeforeUsable)} JS before, ${kb(load.jsBytesTotal)} in all, hand-over ${ms(load.handOverMs)} with ${ms(load.handOverBlockingMs)} blocking`);
        for (const script of load.scripts) console.log(`    ${script.bytes.toString().padStart(7)} ${script.beforeUsable ? 'before' : 'after '}  ${script.url}`);
      }
    }
  }
  console.log(`\nAnonymous pages, cold, ${CPU_SLOWDOWN}x CPU slowdown, Slow 4G, median of ${RUNS}; "usable" is the first paint with the page's <h1> (and its text and links, in the same HTML):`);
  console.log('"blocking after" is the long tasks\' time over 50 ms each from usable until the network is idle; "hand-over" is the time from the visitor\'s first key');
  console.log("after the load (the shell's code waits for it on a pre-rendered page) until the shell and the page's own code have replaced the server's HTML, with its blocking time:");
  console.log(`  ${cell('', 20)}${cell('path', 44)}${cell('usable', 10)}${cell('JS before usable', 32)}${cell('JS in all', 11)}${cell('blocking after', 16)}${cell('hand-over (blocking)', 22)}${cell('CLS', 16)}without JavaScript`);
  for (const page of ANONYMOUS_PAGES) {
    const runs = loads.get(page.label) ?? [];
    const before = median(runs.map((l) => l.jsBytesBeforeUsable));
    const cls = median(runs.map((l) => l.cls));
    const noJs = await withoutJavaScript(browser, servers[page.brand].baseURL, page.path);
    // the terms page has no links in <main>: its heading and text are what it offers
    const usableWithoutJs = noJs.heading !== '';
    console.log(
      `  ${cell(page.label, 20)}${cell(page.path, 44)}${cell(ms(median(runs.map((l) => l.usableMs))), 10)}` +
        `${cell(`${kb(before)} (≤ 60 KB ${check(before <= BUDGET.anonymousJsBytes, `${page.label}: JS before usable`)})`, 32)}` +
        `${cell(kb(median(runs.map((l) => l.jsBytesTotal))), 11)}${cell(ms(median(runs.map((l) => l.blockingAfterUsableMs))), 16)}` +
        `${cell(`${ms(median(runs.map((l) => l.handOverMs)))} (${ms(median(runs.map((l) => l.handOverBlockingMs)))})`, 22)}` +
        `${cell(`${cls.toFixed(3)} ${check(cls < BUDGET.anonymousCls, `${page.label}: CLS`)}`, 16)}` +
        `${usableWithoutJs ? `"${noJs.heading}", ${noJs.links} links` : 'no heading'} ${check(usableWithoutJs, `${page.label}: usable without JavaScript`)}`,
    );
  }
}

/** Section 5: Lighthouse on `pages`, each LIGHTHOUSE_RUNS times; the median run (by LCP) is checked against every budget. */
async function measureLighthouse(baseURL: string, cookies: Cookies, pages: LighthousePage[]): Promise<void> {
  const runs: LighthouseResult[][] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await runLighthouse(baseURL, cookies, pages));
  const b = LIGHTHOUSE_BUDGET;
  console.log(`\nLighthouse mobile (its default: simulated Slow 4G, 4x CPU), composed portal${LIGHTHOUSE_RUNS > 1 ? `, median of ${LIGHTHOUSE_RUNS} runs (by LCP)` : ''};`);
  console.log(`budgets: LCP ≤ ${b.lcpMs} ms and ≤ FCP + ${b.lcpAfterFcpMs} ms, performance ≥ ${b.performance}, TBT ≤ ${b.tbtMs} ms, CLS ${b.cls}, accessibility ${b.accessibility};`);
  console.log(`HTML compressed on every page, the front page's ≤ ${HTML_BUDGET.frontPageBytes / 1024} KB before compression:`);
  console.log(`  | page | performance | FCP | LCP | TBT | CLS | accessibility | script | HTML (on the wire) |`);
  console.log(`  |---|---|---|---|---|---|---|---|---|`);
  pages.forEach((page, p) => {
    const results = runs.map((run) => run[p]!).sort((x, y) => (x.numbers['largest-contentful-paint'] ?? 0) - (y.numbers['largest-contentful-paint'] ?? 0));
    const result = results[Math.floor(results.length / 2)]!;
    const n = result.numbers;
    const fcp = n['first-contentful-paint'] ?? NaN;
    const lcp = n['largest-contentful-paint'] ?? NaN;
    const tbt = n['total-blocking-time'] ?? NaN;
    const cls = n['cumulative-layout-shift'] ?? NaN;
    const mark = (ok: boolean, what: string) => (check(ok, `Lighthouse ${page.label}: ${what}`) === 'ok' ? '' : ' ✗');
    const perf = result.performance.score ?? 0;
    const a11y = result.accessibility.score ?? 0;
    const doc = result.document;
    const htmlCell = doc
      ? `${kb(doc.bytes)} (${kb(doc.transferBytes)})${mark(doc.transferBytes < doc.bytes, 'HTML compressed')}${page.label === 'front page' ? mark(doc.bytes <= HTML_BUDGET.frontPageBytes, `front page HTML ${kb(doc.bytes)}`) : ''}`
      : `?${mark(false, 'HTML document not found in the network records')}`;
    console.log(
      `  | ${page.label} | ${perf.toFixed(2)}${mark(perf >= b.performance, 'performance')} | ${ms(fcp)} | ${ms(lcp)}${mark(lcp <= b.lcpMs && lcp - fcp <= b.lcpAfterFcpMs, `LCP ${ms(lcp)} (FCP ${ms(fcp)})`)}` +
        ` | ${ms(tbt)}${mark(tbt <= b.tbtMs, 'TBT')} | ${cls.toFixed(3)}${mark(cls <= b.cls, 'CLS')} | ${a11y.toFixed(2)}${mark(a11y >= b.accessibility, 'accessibility')} | ${result.metrics.javascript} | ${htmlCell} |`,
    );
  });
  pages.forEach((page, p) => {
    const results = runs.map((run) => run[p]!);
    const result = results[0]!;
    if (!result.finalUrl.endsWith(result.path)) console.log(`  ${page.label}: ${result.path} ended on ${result.finalUrl}`);
    if (results.length > 1) console.log(`  ${page.label}, every run: LCP ${results.map((r) => ms(r.numbers['largest-contentful-paint'] ?? NaN)).join(', ')}; performance ${results.map((r) => r.performance.score?.toFixed(2) ?? '?').join(', ')}`);
    if (VERBOSE || (result.performance.score ?? 0) < b.performance) {
      console.log(`  ${page.label}, performance audits failing: ${result.performance.failing.map((a) => `${a.id} (${a.score.toFixed(2)}${a.displayValue ? `, ${a.displayValue}` : ''})`).join(', ') || 'none'}`);
    }
    if ((result.accessibility.score ?? 0) < b.accessibility) console.log(`  ${page.label}, accessibility audits failing: ${result.accessibility.failing.map((a) => a.id).join(', ')}`);
  });
}

/** BENCH_LIGHTHOUSE_ONLY: Lighthouse alone on the chosen pages; signs in only when one of them needs it. */
async function lighthouseOnly(labels: string[]): Promise<void> {
  const pages = LIGHTHOUSE_PAGES.filter((page) => labels.includes(page.label));
  if (pages.length !== labels.length) {
    throw new Error(`BENCH_LIGHTHOUSE_ONLY names pages that do not exist; the pages are: ${LIGHTHOUSE_PAGES.map((page) => page.label).join(', ')}`);
  }
  buildPortal();
  const server = await startPortalServer();
  try {
    let cookies: Cookies = [];
    if (pages.some((page) => page.signedIn)) {
      const browser = await launchChromium();
      try {
        cookies = await signInTo(browser, server);
      } finally {
        await browser.close();
      }
    }
    await measureLighthouse(server.baseURL, cookies, pages);
  } finally {
    await server.stop();
  }
  if (overBudget.length > 0) {
    console.log(`\nOVER BUDGET: ${overBudget.join('; ')}`);
    process.exitCode = 1;
  }
}

async function signInTo(browser: Browser, server: PortalServer): Promise<Cookies> {
  return (await signIn(browser, server.baseURL)).cookies;
}

async function anonymousOnly(): Promise<void> {
  buildPortal();
  const servers: PortalServer[] = [];
  let browser: Browser | undefined;
  try {
    const adult = await startPortalServer();
    servers.push(adult);
    const children = await startPortalServer({ env: { BRAND: 'children' } });
    servers.push(children);
    browser = await launchChromium();
    await measureAnonymousPages(browser, { adult, children });
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
  }
  if (overBudget.length > 0) {
    console.log(`\nOVER BUDGET: ${overBudget.join('; ')}`);
    process.exitCode = 1;
  }
}

async function main() {
  if (LIGHTHOUSE_ONLY) return lighthouseOnly(LIGHTHOUSE_ONLY);
  if (ANONYMOUS_ONLY) return anonymousOnly();
  buildPortal();
  buildMonolith();
  const servers: PortalServer[] = [];
  let browser: Browser | undefined;
  try {
    servers.push(await startPortalServer(), await startMonolithServer());
    browser = await launchChromium();
    const variants: Variant[] = [];
    for (const [name, server] of [['composed', servers[0]!], ['monolith', servers[1]!]] as const) {
      variants.push({ name, server, cookies: await signInTo(browser, server), loads: [] });
    }
    // Alternating runs: whatever else the machine does slows both variants alike.
    for (let i = 0; i < RUNS; i++) {
      for (const variant of variants) {
        const load = await loadFrontPageCold(browser, variant.server.baseURL, variant.cookies);
        variant.loads.push(load);
        if (VERBOSE) {
          console.log(`  ${variant.name} run ${i + 1}: ${kb(load.jsBytes)} in ${load.jsRequests} files, first summary ${ms(load.firstSummaryMs)}, every summary ${ms(load.allSummariesMs)}, LCP ${ms(load.lcpMs)} on ${load.lcpElement}`);
          for (const script of load.scripts) console.log(`    ${script.bytes.toString().padStart(7)}  ${script.url}`);
        }
      }
    }
    for (const variant of variants) variant.navigation = await measureNavigation(browser, variant.server.baseURL, variant.cookies, NAVIGATION_ROUNDS);
    const [composed, monolith] = variants as [Variant, Variant];
    printFrontPage(figures(composed.loads), figures(monolith.loads));
    printNavigation(composed.navigation!, monolith.navigation!);
    // The monolith is not measured on these pages: its shell build has no pre-render bundle.
    await servers[1]!.stop();
    const children = await startPortalServer({ env: { BRAND: 'children' } });
    servers.push(children);
    await measureAnonymousPages(browser, { adult: composed.server, children });
    await children.stop();
    await browser.close();
    browser = undefined;

    if (!process.env.BENCH_SKIP_LIGHTHOUSE) await measureLighthouse(composed.server.baseURL, composed.cookies, LIGHTHOUSE_PAGES);
    if (overBudget.length > 0) {
      console.log(`\nOVER BUDGET: ${overBudget.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
  }
}

await main();
