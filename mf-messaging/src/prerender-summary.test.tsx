import { within } from '@testing-library/react';
import type { Lang, MessagingSummary } from '@portal/shared-api';
import { frontPageStateWith, summaryBothWays, withoutReactIds } from '@portal/shared-ui/test-utils';
import { messagingSummary } from '../test/fixtures';
import { createFakeShell, mountSummaryParcel } from '../test/shell-fake';
import { renderParcel } from './prerender';

// The messaging remote's front-page conversations block in the server's HTML (issue 15): renderParcel
// renders the component the ./summary parcel mounts, from the front page's state, and the shell shows
// that HTML until the parcel mounts in its place, so both must be the same markup. The fixture's
// dates are months old, so both renders show a short date (not a relative time).

/** The server's HTML of the block (in a document), whether it is complete, and the parcel's markup when the front page mounts it. */
async function bothRenders(lang: Lang, summary: MessagingSummary) {
  const shell = createFakeShell({ lang });
  const both = await summaryBothWays({ renderParcel, remoteId: 'mf-messaging', shell, summary, mount: () => mountSummaryParcel(shell, summary) });
  // text and links alone: the front page need not load the parcel's code to show it
  expect(both.complete).toBe(true);
  return both;
}

describe("front-page conversations summary pre-rendered by the remote's own bundle (issue 15)", () => {
  test('the server HTML is the markup the ./summary parcel renders when mounted (Finnish)', async () => {
    const { server, browserHtml } = await bothRenders('fi', messagingSummary({ unreadCount: 2 }));
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const block = within(server);
    expect(block.getByRole('heading', { name: 'Viestit' })).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Lukematon Laboratory results' })).toHaveAttribute('href', '/fi/viestit/11');
    expect(block.getByText('10.5.2026')).toHaveAttribute('datetime', '2026-05-10T12:00:00.000Z');
    expect(block.getByText('2 lukematonta keskustelua')).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Näytä kaikki viestit' })).toHaveAttribute('href', '/fi/viestit');
    expect(block.getByRole('link', { name: 'Uusi viesti' })).toHaveAttribute('href', '/fi/viestit/uusi');
  });

  test('the server HTML is the markup the ./summary parcel renders when mounted (Swedish, in maintenance)', async () => {
    const { server, browserHtml } = await bothRenders('sv', messagingSummary({ maintenance: true }));
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const block = within(server);
    expect(block.getByRole('heading', { level: 2, name: 'Meddelanden' })).toBeInTheDocument();
    expect(block.getByRole('heading', { level: 3, name: /Meddelandetjänsten är inte i bruk för tillfället/ })).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Sick leave' })).toHaveAttribute('href', '/sv/meddelanden/12');
    expect(block.getByRole('link', { name: 'Visa alla meddelanden' })).toHaveAttribute('href', '/sv/meddelanden');
    expect(block.queryByRole('link', { name: 'Nytt meddelande' })).not.toBeInTheDocument();
  });

  test('a customer with no conversations: nothing on either side', async () => {
    const { server, browserHtml } = await bothRenders('en', messagingSummary({ totalCount: 0, unreadCount: 0, threads: [] }));
    expect(server).toBeEmptyDOMElement();
    expect(browserHtml).toBe('');
  });

  test("no HTML when the front page's state has no messaging summary (its loader failed: the parcel shows its own error)", () => {
    const shell = createFakeShell({ lang: 'en' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-messaging', undefined), url: '/en', exposed: './summary' })).toBeNull();
  });

  test('no HTML for a module the remote does not pre-render', () => {
    const shell = createFakeShell({ lang: 'en' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-messaging', messagingSummary()), url: '/en', exposed: './app' })).toBeNull();
  });
});
