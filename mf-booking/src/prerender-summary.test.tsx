import { within } from '@testing-library/react';
import type { BookingSummary, Lang } from '@portal/shared-api';
import { frontPageStateWith, mountRemoteParcel, summaryBothWays, withoutReactIds } from '@portal/shared-ui/test-utils';
import { createFakeShell } from '../test/shell-fake';
import * as parcel from './parcels/summary';
import { renderParcel } from './prerender';

// The booking remote's front-page summary in the server's HTML (issue 15): renderParcel renders the
// component the ./summary parcel mounts, from the front page's state, and the shell shows that HTML
// until the parcel mounts in its place, so both must be the same markup.

const summary: BookingSummary = {
  totalCount: 5,
  items: [
    { id: '100001', startDate: '2026-11-24T10:20:00.000Z', practitionerName: 'Anna Lahtinen', specialty: 'General practice', clinicName: 'Lääkärikeskus Kamppi', isRemote: false },
    // 22:30 UTC is already the next day in Helsinki (0:30, EET)
    { id: '100004', startDate: '2026-12-02T22:30:00.000Z', practitionerName: 'Noora Hämäläinen', specialty: 'Psychology', clinicName: 'Etävastaanotto', isRemote: true },
  ],
};

/** The server's HTML of the block (in a document), whether it is complete, and the parcel's markup when the front page mounts it. */
async function bothRenders(lang: Lang) {
  const shell = createFakeShell({ lang });
  const both = await summaryBothWays({ renderParcel, remoteId: 'mf-booking', shell, summary, mount: () => mountRemoteParcel(parcel, { shell, summary }) });
  // text and links alone: the front page need not load the parcel's code to show it
  expect(both.complete).toBe(true);
  return both;
}

describe("front-page booking summary pre-rendered by the remote's own bundle (issue 15)", () => {
  test('the server HTML is the markup the ./summary parcel renders when mounted (Swedish)', async () => {
    const { server, browserHtml } = await bothRenders('sv');
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const block = within(server);
    expect(block.getByRole('heading', { name: 'Kommande tidsbokningar' })).toBeInTheDocument();
    const entries = block.getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/sv\/.+\/100001$/));
    expect(entries[1]).toHaveTextContent('3.12.2026');
    expect(entries[1]).not.toHaveTextContent('Etävastaanotto');
  });

  test('the server HTML is the markup the ./summary parcel renders when mounted (English)', async () => {
    const { server, browserHtml } = await bothRenders('en');
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const block = within(server);
    expect(block.getByRole('heading', { name: 'Upcoming appointments' })).toBeInTheDocument();
    expect(block.getByRole('link', { name: /Anna Lahtinen/ })).toHaveAttribute('href', '/en/appointment/100001');
    expect(block.getByText('24 November 2026 at 12:20')).toBeInTheDocument();
    expect(block.getByText('3 December 2026 at 0:30')).toBeInTheDocument();
    expect(block.getByText('5 upcoming appointments')).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'All appointments' })).toHaveAttribute('href', '/en/appointments');
  });

  test("no HTML when the front page's state has no booking summary (its loader failed: the parcel shows its own error)", () => {
    const shell = createFakeShell({ lang: 'fi' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-booking', undefined), url: '/fi', exposed: './summary' })).toBeNull();
  });

  test('no HTML for a module the remote does not pre-render', () => {
    const shell = createFakeShell({ lang: 'fi' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-booking', summary), url: '/fi', exposed: './app' })).toBeNull();
  });
});
