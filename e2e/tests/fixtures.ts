import { test as base, expect, type Page } from '@playwright/test';

/**
 * Counts React DOM renderers: every copy of react-dom registers itself with the devtools hook once,
 * so more than one means a second React was loaded (a Module Federation singleton failed).
 */
const countRenderersScript = () => {
  const renderers = new Map<number, unknown>();
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    isDisabled: false,
    inject(renderer: unknown) {
      renderers.set(renderers.size + 1, renderer);
      return renderers.size;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    checkDCE() {},
  };
};

/** Reports every Content-Security-Policy violation of every document the page opens. */
const reportCspViolationsScript = () => {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
    report?.(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
  });
};

/** Collects the page's Content-Security-Policy violations, from every document it opens from now on. */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`${page.url()}: ${text}`));
  await page.addInitScript(reportCspViolationsScript);
  return violations;
}

/**
 * Waits until a page whose content the server pre-rendered for someone signed in is the shell's and
 * its remote's: no skeleton, no server copy left. Its shell starts after the first paint
 * (`data-boot="after-paint"`) or, where the page is pre-rendered whole, on the visitor's first
 * interaction (`data-boot="deferred"` with the session's expiry): a Shift key, which does nothing
 * else, is that interaction here. A test acts as a visitor does once the page works; what happens
 * before that is deferred-boot.test.ts's, click-hand-over.test.ts's, field-hand-over.test.ts's and
 * signed-in-prerendered.spec.ts's to check. An anonymous page is left as the server sent it.
 */
export async function handedOver(page: Page): Promise<void> {
  if ((await page.locator('#portal-root[data-boot="deferred"][data-session-expires-at] .shell--skeleton').count()) > 0) {
    await page.keyboard.press('Shift');
  }
  await page.waitForFunction(() => {
    const root = document.getElementById('portal-root');
    const signedInDeferred = root?.getAttribute('data-boot') === 'deferred' && root.hasAttribute('data-session-expires-at');
    return (root?.getAttribute('data-boot') !== 'after-paint' && !signedInDeferred) || root?.querySelector('[data-prerendered], .shell--skeleton') === null;
  });
}

/**
 * Opens a page as the server sends it and leaves it alone: the browser's own navigation, not the
 * tests' page.goto (below), which acts as a visitor would and waits for the hand-over.
 */
export async function openUntouched(page: Page, path: string): Promise<void> {
  const target = new URL(path, base.info().project.use.baseURL ?? page.url()).href;
  await page.evaluate((url) => window.location.assign(url), target);
  await page.waitForURL((url) => url.href === target);
}

export const test = base.extend<{ page: Page }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Every test also proves that its pages run under the portal's CSP without asking for more
    // (a blocked eval or inline script is a defect even when the page still works).
    const violations = await watchCspViolations(page);
    await page.addInitScript(countRenderersScript);
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await handedOver(page);
        return response;
      };
    }
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
export { expect };

export async function reactRendererCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
}

/**
 * The Module Federation runtimes on the page and the containers they run. Every container (the shell
 * and each remote it loaded) registers one instance in the shared `__FEDERATION__` global; an
 * instance's class is the runtime that created it, so one class means one runtime for them all
 * (a remote that bundles its own runtime brings its own class).
 */
export async function federationRuntimes(page: Page): Promise<{ runtimes: number; containers: string[] }> {
  return page.evaluate(() => {
    const instances = (globalThis as unknown as { __FEDERATION__?: { __INSTANCES__?: Array<{ name: string }> } }).__FEDERATION__?.__INSTANCES__ ?? [];
    return { runtimes: new Set(instances.map((instance) => instance.constructor)).size, containers: instances.map((instance) => instance.name).sort() };
  });
}

/**
 * One React DOM and at most one federation runtime on the page, however many remotes it has loaded:
 * the shell starts the runtime when the page first needs a remote, so a page without one has none.
 */
export async function expectOneReactAndOneFederationRuntime(page: Page): Promise<void> {
  expect(await reactRendererCount(page), 'React DOM renderers').toBe(1);
  const { runtimes, containers } = await federationRuntimes(page);
  expect(runtimes, 'Module Federation runtimes').toBe(containers.length > 0 ? 1 : 0);
}

export const personas = {
  mikko: { code: '150385-9013', firstName: 'Mikko', lastName: 'Virtanen' },
  aino: { code: '021178-912P', firstName: 'Aino', lastName: 'Korhonen' },
} as const;
