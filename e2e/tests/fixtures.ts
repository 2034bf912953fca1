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

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    await page.addInitScript(countRenderersScript);
    await use(page);
  },
});
export { expect };

export async function reactRendererCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size);
}

export const personas = {
  mikko: { code: '150385-9013', firstName: 'Mikko', lastName: 'Virtanen' },
  aino: { code: '021178-912P', firstName: 'Aino', lastName: 'Korhonen' },
} as const;
