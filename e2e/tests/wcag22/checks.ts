import type { Page } from '@playwright/test';

/**
 * The WCAG 2.2 AA success criteria axe does not see (issue 33), as checks a spec runs on a page it
 * has open. Each in-page function is self-contained: Playwright sends its source to the page.
 */

/** Waits until the page is the shell's (a deferred pre-rendered page booted) and the remote's data came. */
export async function settle(page: Page): Promise<void> {
  // a pre-rendered page starts the shell on the first interaction: a focus move starts it now
  if ((await page.locator('#portal-root[data-boot="deferred"]').count()) > 0) {
    await page.keyboard.press('Tab');
    await page.locator('#portal-root > .shell:not(.shell--skeleton)').waitFor();
  }
  await page.waitForLoadState('networkidle');
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// 2.4.11 Focus Not Obscured (Minimum)
// ---------------------------------------------------------------------------------------------

/**
 * In the page: whether the focused element is entirely hidden by author content that stays put while
 * the page scrolls (position sticky or fixed: the phone's renewal bar, toasts, banners). 5×5 points
 * of its part inside the viewport are hit-tested; the element fails when every point lands on such
 * content that does not contain it. A visually hidden control (a styled checkbox) is shown by its
 * label, so the label's box is tested instead. Content that covers it without being sticky or fixed
 * is another criterion's matter, and counts as showing it.
 */
export function focusedElementObscured(): { key: string; problem: string | null } {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return { key: 'body', problem: null };
  const path: string[] = [];
  for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) {
    path.unshift(`${n.tagName}:${Array.prototype.indexOf.call(n.parentElement?.children ?? [], n)}`);
  }
  const key = path.join('/');
  const describe = (e: Element) => {
    const text = (e.getAttribute('aria-label') ?? (e as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : '';
    return `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : cls}> "${text}"`;
  };
  const labels = Array.from((el as HTMLInputElement).labels ?? []);
  let rect = el.getBoundingClientRect();
  if ((rect.width < 2 || rect.height < 2) && labels[0]) rect = labels[0].getBoundingClientRect();
  if (rect.width < 2 || rect.height < 2) return { key, problem: null }; // nothing to see (a visually hidden element)
  const left = Math.max(0, rect.left);
  const right = Math.min(document.documentElement.clientWidth, rect.right);
  const top = Math.max(0, rect.top);
  const bottom = Math.min(window.innerHeight, rect.bottom);
  if (right - left < 1 || bottom - top < 1) return { key, problem: `${describe(el)} is off screen` };
  const stuckAncestor = (e: Element | null): Element | null => {
    for (let n = e; n && n !== document.documentElement; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === 'sticky' || position === 'fixed') return n;
    }
    return null;
  };
  let shown = 0;
  const coverers = new Set<string>();
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 5; j++) {
      const x = left + ((right - left) * (i + 0.5)) / 5;
      const y = top + ((bottom - top) * (j + 0.5)) / 5;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el) || labels.some((label) => label.contains(hit))) {
        shown++;
        continue;
      }
      const stuck = stuckAncestor(hit);
      if (stuck && !stuck.contains(el)) coverers.add(describe(stuck));
      else shown++;
    }
  }
  return { key, problem: shown === 0 ? `${describe(el)} is hidden under ${[...coverers].join(', ')}` : null };
}

/** In the page: whether anything visible stays put while the page scrolls (position sticky or fixed). */
export function stuckContent(): boolean {
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const style = getComputedStyle(element);
    if (style.position !== 'sticky' && style.position !== 'fixed') continue;
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && style.pointerEvents !== 'none' && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return true;
  }
  return false;
}

/**
 * 2.4.11 by the keyboard: Tab from the top of the page through every focusable element, then, the
 * page scrolled to its end, Shift+Tab back up from the bottom (the way an element ends up under a
 * bar stuck to the top: the browser does not scroll an element that is inside the viewport, even
 * when something covers it). After each key the focused element must not be entirely hidden.
 * Only where something sticky or fixed is on the page (nothing else can cover the focus while the
 * page scrolls); at most `maxSteps` keys each way. Returns the problems found and how many focused
 * elements were checked.
 */
export async function focusNotObscured(page: Page, context: string, maxSteps = 150): Promise<{ problems: string[]; focused: number }> {
  const problems = new Set<string>();
  let focused = 0;
  // nothing stays put while the page scrolls: nothing can cover the focused element (the keys are
  // pressed only where it matters, which keeps the suite fast)
  if (!(await page.evaluate(stuckContent))) return { problems: [], focused };
  for (const direction of ['forward', 'backward'] as const) {
    // start at the page's first (last) focusable element, the page scrolled to its top (bottom)
    await page.evaluate((dir) => {
      window.scrollTo(0, dir === 'forward' ? 0 : document.documentElement.scrollHeight);
      const focusable = Array.from(
        document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'),
      ).filter((element) => element.checkVisibility() && element.tabIndex >= 0);
      (dir === 'forward' ? focusable[0] : focusable.at(-1))?.focus({ preventScroll: true });
    }, direction);
    const seen = new Set<string>();
    for (let step = 0; step < maxSteps; step++) {
      if (step > 0) await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
      const { key, problem } = await page.evaluate(focusedElementObscured);
      if (key === 'body' || seen.has(key)) break; // out of the page, or round again
      seen.add(key);
      focused++;
      if (problem) problems.add(`${context} (${direction}, ${await page.evaluate(() => window.innerWidth)} px): ${problem}`);
    }
  }
  return { problems: [...problems], focused };
}

// ---------------------------------------------------------------------------------------------
// 2.5.8 Target Size (Minimum)
// ---------------------------------------------------------------------------------------------

/**
 * In the page: the pointer targets smaller than 24×24 CSS px that no exception of 2.5.8 covers.
 *
 * Targets: visible, enabled links, buttons, form controls, summaries, elements with a widget role
 * or in the tab order. A visually hidden control is operated through its label, so its target is the
 * label; a checkbox or radio button with a label is operated by both, so its target is the union of
 * the two when they touch (≤ 8 px apart, as a box and its text are).
 *
 * The exceptions, as the criterion words them:
 * - Spacing: an undersized target passes when a 24 px circle centred on its bounding box intersects
 *   no other target and no other undersized target's circle (centre ≥ 12 px from every other
 *   target's box, ≥ 24 px from every other undersized target's centre).
 * - Inline: the target is in a sentence or its size is constrained by the line-height of non-target
 *   text: an element displayed inline whose block has text of its own outside the target.
 * - User agent control: a native checkbox or radio button without a label at the browser's own
 *   size (appearance auto, 13×13): its size is the browser's, not the author's.
 * - Equivalent and Essential are not detected: a target that relies on them is listed and must be
 *   named in the spec's allow list with the reason.
 */
export function undersizedTargets(): string[] {
  const MIN = 24;
  const TOLERANCE = 0.5;
  const selector = [
    'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
    '[role="button"]', '[role="link"]', '[role="checkbox"]', '[role="radio"]', '[role="switch"]', '[role="tab"]',
    '[role="menuitem"]', '[role="option"]', '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const describe = (e: Element) => {
    const text = (e.getAttribute('aria-label') ?? (e as HTMLElement).innerText ?? e.getAttribute('value') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : '';
    return `<${e.tagName.toLowerCase()}${cls}> "${text}"`;
  };
  const union = (rects: DOMRect[]) => {
    const left = Math.min(...rects.map((r) => r.left));
    const top = Math.min(...rects.map((r) => r.top));
    const right = Math.max(...rects.map((r) => r.right));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return new DOMRect(left, top, right - left, bottom - top);
  };
  const gap = (a: DOMRect, b: DOMRect) => Math.hypot(Math.max(0, a.left - b.right, b.left - a.right), Math.max(0, a.top - b.bottom, b.top - a.bottom));
  const distanceToRect = (x: number, y: number, r: DOMRect) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const visuallyHidden = (r: DOMRect) => r.width <= 1 || r.height <= 1;
  const blockOf = (e: Element): Element => {
    for (let n = e.parentElement; n; n = n.parentElement) if (!getComputedStyle(n).display.startsWith('inline')) return n;
    return document.body;
  };
  const inSentence = (e: Element) => {
    if (getComputedStyle(e).display !== 'inline') return false;
    const block = blockOf(e);
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (e.contains(node)) continue;
      // text of another target does not make this one part of a sentence
      if (node.parentElement?.closest('a[href], button')) continue;
      if (/[\p{L}\p{N}]/u.test(node.textContent ?? '')) return true;
    }
    return false;
  };

  interface Target { el: Element; box: DOMRect; exempt: string | null }
  const targets: Target[] = [];
  for (const el of Array.from(document.querySelectorAll(selector))) {
    if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (el.closest('[inert], [aria-hidden="true"]')) continue;
    const own = el.getBoundingClientRect();
    const labels = Array.from((el as HTMLInputElement).labels ?? []).filter((label) => label.checkVisibility()).map((label) => label.getBoundingClientRect());
    let box = own;
    if (visuallyHidden(own)) {
      if (!labels.length) continue; // not a target anyone can point at (a skip link off screen, say)
      box = union(labels);
    } else if (el.matches('input[type="checkbox"], input[type="radio"]') && labels.length) {
      const touching = labels.filter((label) => gap(label, own) <= 8);
      if (touching.length) box = union([own, ...touching]);
    }
    if (box.width === 0 || box.height === 0) continue;
    // off the page (the skip link before it is focused)
    if (box.bottom + window.scrollY <= 0 || box.right + window.scrollX <= 0) continue;
    let exempt: string | null = null;
    if (box.width + TOLERANCE >= MIN && box.height + TOLERANCE >= MIN) exempt = 'size';
    else if (inSentence(el)) exempt = 'inline';
    else if (el.matches('input[type="checkbox"], input[type="radio"]') && !labels.length && getComputedStyle(el).appearance !== 'none' && Math.round(own.width) === 13 && Math.round(own.height) === 13) exempt = 'user agent';
    targets.push({ el, box, exempt });
  }

  const problems: string[] = [];
  const center = (r: DOMRect) => [r.left + r.width / 2, r.top + r.height / 2] as const;
  for (const target of targets) {
    if (target.exempt) continue;
    const [cx, cy] = center(target.box);
    const conflict = targets.find((other) => {
      if (other === target || other.el.contains(target.el) || target.el.contains(other.el)) return false;
      if (distanceToRect(cx, cy, other.box) < MIN / 2 - TOLERANCE) return true;
      if (other.exempt !== null) return false;
      const [ox, oy] = center(other.box);
      return Math.hypot(cx - ox, cy - oy) < MIN - TOLERANCE;
    });
    if (conflict) {
      problems.push(`${describe(target.el)} is ${Math.round(target.box.width * 10) / 10}×${Math.round(target.box.height * 10) / 10} px and its 24 px circle reaches ${describe(conflict.el)}`);
    }
  }
  return problems;
}

export async function targetSizes(page: Page, context: string): Promise<string[]> {
  const width = await page.evaluate(() => window.innerWidth);
  return (await page.evaluate(undersizedTargets)).map((problem) => `${context} (${width} px): ${problem}`);
}

// ---------------------------------------------------------------------------------------------
// 3.2.6 Consistent Help
// ---------------------------------------------------------------------------------------------

/**
 * The portal's help mechanisms: the header's help link (the help page "Ohjeita", for a signed-in
 * patient), and the footer's customer service phone number (human contact details). Where they
 * are on a page, relative to the page's other content: the region, the kinds of the region's
 * controls before and after it, and whether it comes before or after the page's main content in the
 * document and on screen.
 */
export interface HelpPlacement {
  mechanism: 'help link' | 'customer service phone';
  /** header or footer */
  region: string;
  /** the region's controls around it, by kind, e.g. "brand languages languages | help | user-menu" */
  around: string;
  /** before or after <main>, in the document */
  documentOrder: 'before main' | 'after main';
  /** above or below <main> on the screen */
  screenOrder: 'above main' | 'below main';
}

export function helpPlacements(): HelpPlacement[] {
  const main = document.querySelector('main');
  if (!main) return [];
  const mainBox = main.getBoundingClientRect();
  const kindOf = (a: Element): string => {
    const href = a.getAttribute('href') ?? '';
    if (href.startsWith('tel:')) return 'phone';
    if (a.closest('header') && a.getAttribute('hreflang') && a.closest('nav, ul')) return 'language';
    if (/\/ohjeita$/.test(href)) return 'help';
    if (a.closest('header') && /^\/(fi|sv|en)$/.test(href)) return 'brand';
    if (a.matches('[aria-haspopup], [aria-expanded]')) return 'menu';
    if (/\/(kirjaudu|logga-in|login)\b/.test(href)) return 'login';
    if (/^https?:/.test(href)) return 'external';
    return 'link';
  };
  const placements: HelpPlacement[] = [];
  const regions: [string, Element | null][] = [['header', document.querySelector('body header')], ['footer', document.querySelector('body footer')]];
  for (const [region, element] of regions) {
    if (!element || !element.checkVisibility()) continue;
    const controls = Array.from(element.querySelectorAll('a[href], button')).filter((c) => c.checkVisibility());
    const kinds = controls.map(kindOf);
    controls.forEach((control, index) => {
      const kind = kinds[index];
      if (kind !== 'help' && kind !== 'phone') return;
      const box = control.getBoundingClientRect();
      placements.push({
        mechanism: kind === 'help' ? 'help link' : 'customer service phone',
        region,
        around: `${kinds.slice(0, index).join(' ')} | ${kind} | ${kinds.slice(index + 1).join(' ')}`,
        documentOrder: main.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_PRECEDING ? 'before main' : 'after main',
        screenOrder: box.bottom <= mainBox.top + 1 ? 'above main' : 'below main',
      });
    });
  }
  return placements;
}
