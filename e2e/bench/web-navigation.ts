/**
 * Navigation from a page of one remote to a page of another through the side menu, without
 * throttling and with the code already cached: the time from the link's click to the first frame
 * in which the new remote's heading (its <h1>) is visible.
 */
import type { Browser, Page } from '@playwright/test';
import type { Cookies } from '../../tooling/harness/bench-portal';

/** records visits → booking appointments → payments invoices → back to records visits */
export const NAVIGATION_ROUTE = [
  { href: '/fi/kaynnit', remote: 'mf-records', label: 'records visits' },
  { href: '/fi/ajanvaraukset', remote: 'mf-booking', label: 'booking appointments' },
  { href: '/fi/laskut', remote: 'mf-payments', label: 'payments invoices' },
] as const;

/**
 * Clicks the visible link to `href` and resolves with the milliseconds until a visible <h1> is inside
 * the host of `remoteId`, checked once a frame (requestAnimationFrame: the frame it is painted in).
 * Anonymous arrows only: tsx names named functions with a helper (__name) the page does not have.
 */
async function navigate(page: Page, href: string, remoteId: string): Promise<number> {
  return page.evaluate(
    async ([target, remote]) => {
      const link = Array.from(document.querySelectorAll('a')).find((a) => a.getAttribute('href') === target && a.checkVisibility());
      if (!link) throw new Error(`no visible link to ${target}`);
      const start = performance.now();
      link.click();
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const heading = document.querySelector(`[data-remote="${remote}"] h1`);
        if (heading?.checkVisibility()) return performance.now() - start;
        if (performance.now() - start > 10_000) throw new Error(`no heading of ${remote} within 10 s`);
      }
    },
    [href, remoteId] as const,
  );
}

export interface NavigationTimes {
  /** 'records visits → booking appointments' → the time of each round */
  hops: Map<string, number[]>;
}

/** One warm-up round (loads each remote's code), then `rounds` measured rounds of the route. */
export async function measureNavigation(browser: Browser, baseURL: string, cookies: Cookies, rounds: number): Promise<NavigationTimes> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const [first] = NAVIGATION_ROUTE;
    await page.goto(first.href, { waitUntil: 'networkidle' });
    // a page pre-rendered whole starts the shell on the visitor's first interaction (until then its
    // links are the browser's own page loads): a key that does nothing else starts it here
    await page.keyboard.press('Shift');
    await page.locator('[data-prerendered], .shell--skeleton').first().waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator(`[data-remote="${first.remote}"] h1`).waitFor({ timeout: 30_000 });
    const hops = new Map<string, number[]>();
    for (let round = 0; round <= rounds; round++) {
      for (let i = 0; i < NAVIGATION_ROUTE.length; i++) {
        const from = NAVIGATION_ROUTE[i]!;
        const to = NAVIGATION_ROUTE[(i + 1) % NAVIGATION_ROUTE.length]!;
        const ms = await navigate(page, to.href, to.remote);
        // the new page's own requests (its page state) end before the next click
        await page.waitForTimeout(300);
        if (round === 0) continue;
        const key = `${from.label} → ${to.label}`;
        hops.set(key, [...(hops.get(key) ?? []), ms]);
      }
    }
    return { hops };
  } finally {
    await context.close();
  }
}
