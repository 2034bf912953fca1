import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** Runs axe in the page: its violations (rule, impact, first target), none when the page is clean. */
export async function axeViolations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, so the page's CSP (no inline script) stays on
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    // axe was defined as a global by the evaluation above
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
  });
}

/** Runs axe in the page and fails with the violations listed (rule, impact, first target). */
export async function expectNoAxeViolations(page: Page, context = 'page'): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${context}`).toEqual([]);
}
