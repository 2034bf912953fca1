import type { Page, Request, Response, Route } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, personas, test } from './fixtures';
import { signInFromLoginPage } from './sign-in';

/**
 * Issue 15, Reliability: each remote unreachable in turn. With one remote's files failing (its
 * mf-manifest.json and everything else under /remotes/<id>/), the shell and the other four keep
 * working: the front page the server sends shows every summary block (the missing remote's too, from
 * its bundle on the server), the front page rendered in the browser shows the other remotes' blocks
 * and the missing remote's error, a page of the missing remote shows the shell's error view
 * whose retry mounts the page once the remote answers again, and another remote's page still works.
 */
interface RemoteCase {
  id: 'mf-messaging' | 'mf-booking' | 'mf-records' | 'mf-account' | 'mf-payments';
  /** how its files fail: the connection refused, or the server answering 503 */
  failure: 'abort' | 503;
  /** the heading of its front-page summary block; mf-account has none */
  summaryHeading: string | null;
  /** the shell's error in place of that block, naming it */
  summaryError: string | null;
  /** one of its pages and that page's heading */
  page: { path: string; heading: string };
}

const remotes: readonly RemoteCase[] = [
  { id: 'mf-messaging', failure: 'abort', summaryHeading: 'Viestit', summaryError: 'Viestit-osiota ei voitu ladata.', page: { path: '/fi/viestit', heading: 'Viestit' } },
  { id: 'mf-booking', failure: 503, summaryHeading: 'Tulevat ajanvaraukset', summaryError: 'Tulevat ajanvaraukset -osiota ei voitu ladata.', page: { path: '/fi/ajanvaraukset', heading: 'Ajanvaraukset' } },
  { id: 'mf-records', failure: 'abort', summaryHeading: 'Käynnit', summaryError: 'Terveystiedot-osiota ei voitu ladata.', page: { path: '/fi/laboratorio', heading: 'Laboratoriotulokset' } },
  { id: 'mf-account', failure: 503, summaryHeading: null, summaryError: null, page: { path: '/fi/omat-tiedot', heading: 'Omat tiedot' } },
  { id: 'mf-payments', failure: 'abort', summaryHeading: 'Maksamattomat laskut', summaryError: 'Maksamattomat laskut -osiota ei voitu ladata.', page: { path: '/fi/laskut', heading: 'Laskut' } },
];

function remoteFiles(id: RemoteCase['id']): string {
  return `**/remotes/${id}/**`;
}

async function blockRemote(page: Page, remote: RemoteCase): Promise<void> {
  await page.route(remoteFiles(remote.id), (route: Route) =>
    remote.failure === 'abort' ? route.abort('connectionrefused') : route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
}

async function expectShellWorks(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /Käyttäjävalikko/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toBeAttached();
}

test.describe('each remote unreachable in turn (issue 15, Reliability)', () => {
  test('the shell and the other remotes keep working; the missing one shows its error, and its page retries', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/fi');
    await signInFromLoginPage(page, personas.mikko.code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();

    for (const [index, missing] of remotes.entries()) {
      // another remote's page: the next one in the list
      const other = remotes[(index + 1) % remotes.length];
      if (!other) throw new Error('the list of remotes is empty');
      await test.step(`${missing.id} unreachable (${missing.failure === 'abort' ? 'connection refused' : '503'})`, async () => {
        await blockRemote(page, missing);
        const failedRequests: string[] = [];
        const onFailed = (url: string) => {
          if (url.includes(`/remotes/${missing.id}/`)) failedRequests.push(url);
        };
        const onRequestFailed = (request: Request) => onFailed(request.url());
        const onResponse = (response: Response) => {
          if (response.status() === 503) onFailed(response.url());
        };
        page.on('requestfailed', onRequestFailed);
        page.on('response', onResponse);

        // the front page as the server sends it: every summary block, the missing remote's too (the
        // server renders it with that remote's own bundle, and it is text and links), none of them
        // asking the missing remote's files for anything
        await page.goto('/fi');
        const main = page.getByRole('main');
        await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
        await expectShellWorks(page);
        for (const present of remotes) {
          if (present.summaryHeading === null) continue;
          await expect(main.getByRole('heading', { level: 2, name: present.summaryHeading, exact: true }), `${present.id} summary`).toBeVisible();
        }
        // the blocks' errors, named or not
        const summaryErrors = main.getByRole('alert').filter({ hasText: /osiota ei voitu ladata\./ });
        await expect(summaryErrors).toHaveCount(0);
        expect(failedRequests, `requests to ${missing.id} from the server-rendered front page`).toEqual([]);
        await expectNoAxeViolations(page, `front page without ${missing.id}`);

        // another remote's page still works while this one is missing
        await page.goto(other.page.path);
        await expect(page.getByRole('heading', { level: 1, name: other.page.heading, exact: true })).toBeVisible();
        await expectShellWorks(page);

        // back to the front page without a page load: the parcels render the summaries in the
        // browser, and the missing remote's block shows its error with a retry
        await page.getByRole('navigation', { name: 'Päävalikko' }).getByRole('link', { name: 'Etusivu' }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Hei, Mikko!' })).toBeVisible();
        for (const present of remotes) {
          if (present.id === missing.id || present.summaryHeading === null) continue;
          await expect(main.getByRole('heading', { level: 2, name: present.summaryHeading, exact: true }), `${present.id} summary`).toBeVisible();
        }
        if (missing.summaryHeading === null || missing.summaryError === null) {
          await expect(summaryErrors).toHaveCount(0);
        } else {
          await expect(summaryErrors).toHaveCount(1, { timeout: 20_000 });
          await expect(summaryErrors).toContainText(missing.summaryError);
          await expect(summaryErrors.getByRole('button', { name: 'Yritä uudelleen' })).toBeVisible();
          await expect(main.getByRole('heading', { level: 2, name: missing.summaryHeading, exact: true })).toHaveCount(0);
          // the block failed on the blocked files, not on something else
          expect(failedRequests.length, `requests to ${missing.id} that failed`).toBeGreaterThan(0);
          await expectNoAxeViolations(page, `front page in the browser without ${missing.id}`);
        }

        // the missing remote's page: the shell's error view with a retry, inside the working shell
        await page.goto(missing.page.path);
        await expect(main.getByRole('heading', { level: 1, name: 'Pahoittelut! Jotain meni vikaan...' })).toBeVisible({ timeout: 20_000 });
        await expect(main.getByText('Tätä palvelun osaa ei voitu ladata. Yritä uudelleen.')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: missing.page.heading, exact: true })).toHaveCount(0);
        expect(failedRequests.length, `requests to ${missing.id} that failed`).toBeGreaterThan(0);
        await expectShellWorks(page);
        await expectNoAxeViolations(page, `${missing.id} error view`);

        // the remote answers again: retry mounts its page without a page load
        const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));
        await page.unroute(remoteFiles(missing.id));
        await main.getByRole('button', { name: 'Yritä uudelleen' }).click();
        await expect(page.getByRole('heading', { level: 1, name: missing.page.heading, exact: true })).toBeVisible();
        await expect(main.getByRole('heading', { level: 1, name: 'Pahoittelut! Jotain meni vikaan...' })).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
        page.off('requestfailed', onRequestFailed);
        page.off('response', onResponse);
      });
    }
  });
});
