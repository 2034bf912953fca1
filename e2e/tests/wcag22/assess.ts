import { expect, type Page } from '@playwright/test';
import { axeViolations } from '../axe';
import { focusNotObscured, helpPlacements, settle, stuckContent, targetSizes, type HelpPlacement } from './checks';

/** Visiting page types for the WCAG 2.2 checks of wcag22.spec.ts and children/wcag22.spec.ts. */

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

/**
 * A page type: a path, the first link of an earlier page's main content that matches `link`, or
 * the path `find` reads from the portal (an object in a given state); `prepare` brings the page to
 * the state to check (a filled cart, say).
 */
export type PageType = ({ name: string; path: string } | { name: string; link: RegExp } | { name: string; find(page: Page): Promise<string> }) & {
  prepare?(page: Page): Promise<void>;
  /**
   * At these widths something sticks while the page scrolls (the phone's renewal bar): the checks
   * wait until it is there, as the page re-renders for the new width after the resize.
   */
  sticksAt?: readonly number[];
};

export interface Findings {
  problems: string[];
  help: Map<string, HelpPlacement[]>;
  /** the pages where 2.4.11's keyboard pass ran (where something stays put while the page scrolls) */
  keyboardPasses: string[];
}

/**
 * Visits each page type and runs 2.4.11 and 2.5.8 at both widths, noting where the help is (3.2.6);
 * with `axe`, axe too at both widths (wcag22/states.ts: page states not all other specs reach).
 */
export async function assess(page: Page, types: readonly PageType[], findings: Findings, persona: string, options: { axe?: boolean } = {}): Promise<void> {
  const links: string[] = [];
  for (const type of types) {
    let path: string;
    if ('path' in type) path = type.path;
    else if ('find' in type) path = await type.find(page);
    else {
      const found = links.find((href) => type.link.test(href));
      expect(found, `a link to ${type.name} (${type.link}) on the pages before it`).toBeTruthy();
      path = found!;
    }
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settle(page);
    await type.prepare?.(page);
    links.push(...(await page.locator('main a[href^="/"]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))));
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      if (type.sticksAt?.includes(size.width)) {
        await expect.poll(() => page.evaluate(stuckContent), { message: `${type.name}: something stuck at ${size.width} px` }).toBe(true);
      }
      const context = `${type.name} [${persona}] ${path}`;
      findings.problems.push(...(await targetSizes(page, context)));
      const focus = await focusNotObscured(page, context);
      findings.problems.push(...focus.problems);
      if (focus.focused > 0) findings.keyboardPasses.push(`${type.name} at ${size.width} px`);
      findings.help.set(`${context} at ${size.width} px`, await page.evaluate(helpPlacements));
      if (options.axe) {
        // the page at rest, as the other specs' axe runs see it: the Tab that booted a pre-rendered
        // page (settle) leaves the skip link shown over the header's brand link
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        findings.problems.push(...(await axeViolations(page)).map((violation) => `${context} (${size.width} px): axe ${violation}`));
      }
    }
  }
}


/**
 * 3.2.6: each help mechanism found is in the same place relative to the rest of the page on every
 * page that has it, at each width (and `expected` are the mechanisms the pages have).
 */
export function expectConsistentHelp(findings: Findings, expected: readonly HelpPlacement['mechanism'][]): void {
  const byMechanism = new Map<string, Map<string, string[]>>();
  for (const [where, placements] of findings.help) {
    for (const placement of placements) {
      const width = where.endsWith('360 px') ? '360' : '1280';
      const key = `${placement.mechanism} at ${width} px`;
      const shape = `${placement.region}: ${placement.around}; ${placement.documentOrder}, ${placement.screenOrder}`;
      const shapes = byMechanism.get(key) ?? new Map<string, string[]>();
      shapes.set(shape, [...(shapes.get(shape) ?? []), where]);
      byMechanism.set(key, shapes);
    }
  }
  expect([...byMechanism.keys()].sort()).toEqual(expected.flatMap((mechanism) => [`${mechanism} at 1280 px`, `${mechanism} at 360 px`]).sort());
  for (const [mechanism, shapes] of byMechanism) {
    // one placement for all: a second one lists its pages
    expect([...shapes].slice(1).map(([shape, pages]) => `${shape}: ${pages.join('; ')}`), `3.2.6: ${mechanism} placed as "${[...shapes.keys()][0]}" elsewhere`).toEqual([]);
  }
}
