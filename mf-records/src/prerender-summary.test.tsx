import { within } from '@testing-library/react';
import type { Lang, RecordsSummary } from '@portal/shared-api';
import { frontPageStateWith, summaryBothWays, withoutReactIds } from '@portal/shared-ui/test-utils';
import { summaryFixture } from '../test/fixtures';
import { createFakeShell, mountSummaryParcel } from '../test/shell-fake';
import { renderParcel } from './prerender';

// The records remote's front-page blocks in the server's HTML (issue 15): renderParcel renders the
// component the ./summary parcel mounts, from the front page's state, and the shell shows that HTML
// until the parcel mounts in its place, so both must be the same markup.

/** The server's HTML of the block (in a document), whether it is complete, and the parcel's markup when the front page mounts it. */
async function bothRenders(lang: Lang, summary: RecordsSummary) {
  const shell = createFakeShell({ lang });
  const both = await summaryBothWays({ renderParcel, remoteId: 'mf-records', shell, summary, mount: () => mountSummaryParcel(shell, summary) });
  // text and links alone: the front page need not load the parcel's code to show it
  expect(both.complete).toBe(true);
  return both;
}

describe("front-page records summary pre-rendered by the remote's own bundle (issue 15)", () => {
  test('the server HTML is the markup the ./summary parcel renders when mounted (Finnish)', async () => {
    const { server, browserHtml } = await bothRenders('fi', summaryFixture);
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const page = within(server);
    expect(page.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Käynnit',
      'Reseptit',
      'Laboratoriotulokset',
      'Kyselyt',
      'Kuvantamistulokset',
    ]);
    // 12:00 UTC in May is 15:00 in Helsinki (EEST)
    expect(page.getByText('10.5.2026 15:00 · Anna Lääkäri')).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Thyroxin 50 mikrog' })).toHaveAttribute('href', '/fi/reseptit#prescription-p1');
    expect(page.getByRole('link', { name: 'Näytä kaikki laboratoriotulokset' })).toHaveAttribute('href', '/fi/laboratorio');
  });

  test('the server HTML is the markup the ./summary parcel renders when mounted (English, no questionnaires)', async () => {
    const { server, browserHtml } = await bothRenders('en', { ...summaryFixture, questionnaires: [] });
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const page = within(server);
    expect(page.getByRole('heading', { level: 2, name: 'Visits' })).toBeInTheDocument();
    expect(page.queryByRole('heading', { name: 'Questionnaires' })).not.toBeInTheDocument();
    expect(page.getByText('10 May 2026 at 15:00 · Anna Lääkäri')).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Endocrinology' })).toHaveAttribute('href', '/en/visits/v1');
    expect(page.getByRole('link', { name: 'Renew prescriptions' })).toHaveAttribute('href', '/en/prescriptions');
  });

  test("no HTML when the front page's state has no records summary (its loader failed: the parcel shows its own error and retry)", () => {
    const shell = createFakeShell({ lang: 'sv' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-records', undefined), url: '/sv', exposed: './summary' })).toBeNull();
  });

  test('no HTML for a module the remote does not pre-render', () => {
    const shell = createFakeShell({ lang: 'sv' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-records', summaryFixture), url: '/sv', exposed: './app' })).toBeNull();
  });
});
