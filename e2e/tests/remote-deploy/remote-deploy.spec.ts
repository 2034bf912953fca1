import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, watchCspViolations } from '../fixtures';
import { buildRequiringReactDom, buildWithChangedText } from './builds';
import { createDeployToken, freePort, repoRoot, startPortal, type PortalInstance } from './portal-instance';
import { run, type Finished } from '../../../tooling/harness/processes';
import { startStaticOrigin, type StaticOrigin } from '../../../tooling/harness/static-origin';

/**
 * Issue 29, "How it is proved": a feature team deploys mf-booking to a second static origin (Debian's
 * nginx, started here) with the deploy commands, against a portal of its own (its own embedded
 * database, started here, so the other tests' portal never changes). Version 1 is the build the
 * portal serves from its own disk; version 2 is the same build with one visible change, the booking
 * landing page's introduction.
 */
const V1_TEXT = 'Valitse, miten varaat ajan.';
const V2_TEXT = 'Valitse, miten varaat ajan, nyt myös iltaisin.';
type Served = 'v1' | 'v2';

/** The shell's layout has replaced the server's pre-rendered page: the remote's browser code runs. */
const shellBooted = (page: Page) => page.locator('#portal-root > .shell:not(.shell--skeleton)');

let workDir: string;
let staticOrigin: StaticOrigin;
let portal: PortalInstance;
let bookingToken: string;
let v2Dist: string;
let incompatibleDist: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-deploy-'));
  const port = await freePort();
  staticOrigin = await startStaticOrigin(path.join(workDir, 'static'), `http://localhost:${port}`);
  const dataDir = path.join(workDir, 'data');
  bookingToken = await createDeployToken(dataDir, 'mf-booking', 'booking team (e2e)');
  portal = await startPortal(dataDir, port, staticOrigin.origin);

  const builtDist = path.join(repoRoot, 'mf-booking', 'dist');
  v2Dist = path.join(workDir, 'mf-booking-v2');
  buildWithChangedText(builtDist, v2Dist, V1_TEXT, V2_TEXT);
  incompatibleDist = path.join(workDir, 'mf-booking-react-18');
  buildRequiringReactDom(builtDist, incompatibleDist, '^18.2.0');
});

test.afterAll(async () => {
  await portal?.stop();
  await staticOrigin?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** One of the feature team's commands (scripts/deploy/), as `npm run <command> -- …` runs it. */
function command(script: string, args: readonly string[]): Promise<Finished> {
  return run(process.execPath, [path.join(repoRoot, 'scripts', 'deploy', script), ...args, '--portal', portal.baseURL, '--token', bookingToken], {
    cwd: repoRoot,
    env: { ...process.env, REMOTE_DEPLOY_TOKEN: '', PORTAL_URL: '' },
    timeoutMs: 120_000,
  });
}

function deploy(dist: string, extra: readonly string[] = []): Promise<Finished> {
  return command('deploy-remote.mjs', ['mf-booking', '--to', staticOrigin.root, '--public-url', staticOrigin.origin, '--dist', dist, ...extra]);
}

function explain(finished: Finished): string {
  return `exit ${finished.code}\n${finished.stdout}\n${finished.stderr}`;
}

/** an entry of GET /api/remote-registry (shared-api's remoteRegistryListingSchema) */
interface RegistryRemote {
  remoteId: string;
  activeVersion: string | null;
  canary: { version: string; percent: number } | null;
}

/** `npm run remotes -- --json`: what the portal says it serves. */
async function bookingInRegistry(): Promise<RegistryRemote> {
  const listed = await command('list-remotes.mjs', ['--json']);
  expect(listed.code, explain(listed)).toBe(0);
  const answer = JSON.parse(listed.stdout) as { remotes: RegistryRemote[] };
  const booking = answer.remotes.find((remote) => remote.remoteId === 'mf-booking');
  if (!booking) throw new Error(`the registry lists no mf-booking:\n${listed.stdout}`);
  return booking;
}

/** A visitor's browser: every page load or script that fails, every page error, every CSP violation is kept. */
interface Visitor {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** the URLs the page asked of the static origin */
  staticRequests: string[];
}

async function newVisitor(browser: Browser): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: portal.baseURL, locale: 'fi-FI', timezoneId: 'Europe/Helsinki' });
  const page = await context.newPage();
  const problems = await watchCspViolations(page);
  const staticRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(staticOrigin.origin)) staticRequests.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // a navigation cancels what the page before it was still loading: that is not a failure
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`${request.failure()?.errorText ?? 'failed'} ${request.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems, staticRequests };
}

/** Which version a text on the page is from; null when neither is there. */
async function versionOnPage(page: Page): Promise<Served | null> {
  const text = await page.getByRole('main').innerText();
  if (text.includes(V2_TEXT)) return 'v2';
  if (text.includes(V1_TEXT)) return 'v1';
  return null;
}

/**
 * Opens the booking landing page and says which version the visitor got: in the HTML the server
 * rendered (with the version's pre-render bundle), and again once the shell has booted and mounted
 * the remote's browser code. The two must agree.
 */
async function openLanding(visitor: Visitor): Promise<Served> {
  const { page } = visitor;
  const response = await page.goto('/fi/ajanvaraus');
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  const rendered: Served | null = html.includes(V2_TEXT) ? 'v2' : html.includes(V1_TEXT) ? 'v1' : null;
  expect(rendered, 'the server-rendered page is one of the versions').not.toBeNull();
  // the visitor's first key boots the shell, which mounts mf-booking from the version served
  await page.keyboard.press('Tab');
  await expect(shellBooted(page)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajanvaraus' })).toBeVisible();
  await expect.poll(() => versionOnPage(page)).not.toBeNull();
  const mounted = await versionOnPage(page);
  expect(mounted, 'the browser mounts the version the server rendered').toBe(rendered);
  return mounted as Served;
}

/**
 * Waits until the portal serves this visitor the mf-booking version `expected` matches: each
 * instance learns a deploy, promotion or rollback at its next registry poll (500 ms here), not at
 * the moment the command returns.
 */
async function untilServed(visitor: Visitor, expected: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        const manifest = (await (await visitor.page.request.get('/remotes.json')).json()) as { remotes: { id: string; version?: string }[] };
        return manifest.remotes.find((remote) => remote.id === 'mf-booking')?.version ?? '';
      },
      { timeout: 15_000 },
    )
    .toMatch(expected);
}

async function canaryBucket(context: BrowserContext): Promise<number> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'portal-canary');
  if (!cookie) throw new Error('the portal set no canary cookie');
  return Number(cookie.value);
}

test.describe('a feature team deploys mf-booking to its own static origin (issue 29)', () => {
  test('a canary at 50 %: some sessions get v2, the others v1, each stays with its own from page to page', async ({ browser }) => {
    test.setTimeout(240_000);
    const before = await bookingInRegistry();
    expect(before.canary).toBeNull();

    const deployed = await deploy(v2Dist, ['--canary', '50', '--reason', 'evening appointments (e2e)']);
    expect(deployed.code, explain(deployed)).toBe(0);
    const registry = await bookingInRegistry();
    expect(registry.canary?.percent).toBe(50);
    expect(registry.activeVersion).toBe(before.activeVersion);

    const seen = new Set<Served>();
    for (let index = 0; index < 12; index += 1) {
      const visitor = await newVisitor(browser);
      const first = await openLanding(visitor);
      const bucket = await canaryBucket(visitor.context);
      // the bucket decides: 0–49 in the canary
      expect(first, `bucket ${bucket}`).toBe(bucket < 50 ? 'v2' : 'v1');
      if (first === 'v2') expect(visitor.staticRequests.some((url) => url.includes(`/mf-booking/${registry.canary?.version}/`)), 'v2 comes from the static origin').toBe(true);
      // sticky: the same session gets the same version again
      expect(await openLanding(visitor)).toBe(first);
      seen.add(first);
      expect(visitor.problems).toEqual([]);
      await visitor.context.close();
    }
    // 12 sessions all on one side of a 50 % split: one in 2,048
    expect([...seen].sort()).toEqual(['v1', 'v2']);
  });

  test('promoting the canary serves v2 to everyone without a restart; a page open meanwhile keeps working', async ({ browser }) => {
    test.setTimeout(180_000);
    // a visitor outside the canary, on the landing page since before the promotion
    let visitor = await newVisitor(browser);
    while ((await openLanding(visitor)) !== 'v1') {
      await visitor.context.close();
      visitor = await newVisitor(browser);
    }
    const { page } = visitor;

    const promoted = await command('canary-remote.mjs', ['promote', 'mf-booking', '--reason', 'no more errors than before (e2e)']);
    expect(promoted.code, explain(promoted)).toBe(0);
    const registry = await bookingInRegistry();
    expect(registry.canary).toBeNull();

    // the open page is v1's and keeps working: its links go on within the remote
    await page.getByRole('link', { name: /Yksityisasiakas/ }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraus\/yksityisasiakas/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the next page load gets v2
    expect(await openLanding(visitor)).toBe('v2');
    expect(visitor.staticRequests.some((url) => url.includes(`/mf-booking/${registry.activeVersion}/`))).toBe(true);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // and so does every new visitor, whatever their bucket
    for (let index = 0; index < 4; index += 1) {
      const another = await newVisitor(browser);
      expect(await openLanding(another)).toBe('v2');
      expect(another.problems).toEqual([]);
      await another.context.close();
    }
  });

  test('rollback returns everyone to v1 in one command', async ({ browser }) => {
    test.setTimeout(180_000);
    const visitor = await newVisitor(browser);
    expect(await openLanding(visitor)).toBe('v2');

    const rolledBack = await command('rollback-remote.mjs', ['mf-booking', '--reason', 'evening slots wrong (e2e)']);
    expect(rolledBack.code, explain(rolledBack)).toBe(0);
    expect((await bookingInRegistry()).activeVersion).toMatch(/^builtin/);

    await untilServed(visitor, /^builtin/);
    expect(await openLanding(visitor)).toBe('v1');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
    for (let index = 0; index < 4; index += 1) {
      const another = await newVisitor(browser);
      expect(await openLanding(another)).toBe('v1');
      expect(another.problems).toEqual([]);
      await another.context.close();
    }
  });

  test('a build that needs another react-dom is refused with the reason, and v1 keeps serving', async ({ browser }) => {
    test.setTimeout(180_000);
    const before = await bookingInRegistry();
    const refused = await deploy(incompatibleDist, ['--reason', 'built against React 18 (e2e)']);
    expect(refused.code, explain(refused)).toBe(1);
    expect(refused.stdout + refused.stderr).toMatch(/react-dom/);
    expect(refused.stdout + refused.stderr).toMatch(/\^18\.2\.0/);
    const after = await bookingInRegistry();
    expect(after.activeVersion).toBe(before.activeVersion);
    expect(after.canary).toBeNull();

    const visitor = await newVisitor(browser);
    expect(await openLanding(visitor)).toBe('v1');
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });
});
