import { within } from '@testing-library/react';
import type { Lang, PaymentsSummary } from '@portal/shared-api';
import { frontPageStateWith, mountRemoteParcel, summaryBothWays, withoutReactIds } from '@portal/shared-ui/test-utils';
import { paymentsSummary } from '../test/invoice-fixtures';
import { createFakeShell } from '../test/shell-fake';
import * as parcel from './parcels/summary';
import { renderParcel } from './prerender';

// The payments remote's front-page block in the server's HTML (issue 15): renderParcel renders the
// component the ./summary parcel mounts, from the front page's state, and the shell shows that HTML
// until the parcel mounts in its place, so both must be the same markup.

// Intl writes no-break spaces in fi/sv sums; compare texts with plain ones
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The server's HTML of the block (in a document), whether it is complete, and the parcel's markup when the front page mounts it. */
async function bothRenders(lang: Lang, summary: PaymentsSummary) {
  const shell = createFakeShell({ lang });
  const both = await summaryBothWays({ renderParcel, remoteId: 'mf-payments', shell, summary, mount: () => mountRemoteParcel(parcel, { shell, summary }) });
  // text and links alone: the front page need not load the parcel's code to show it
  expect(both.complete).toBe(true);
  return both;
}

describe("front-page payments summary pre-rendered by the remote's own bundle (issue 15)", () => {
  test('the server HTML is the markup the ./summary parcel renders when mounted (Finnish)', async () => {
    const { server, browserHtml } = await bothRenders('fi', paymentsSummary());
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const block = within(server);
    expect(block.getByRole('heading', { name: 'Maksamattomat laskut' })).toBeInTheDocument();
    const [overdue, open] = block.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(overdue).toHaveTextContent('Erääntynyt (eräpäivä 1.11.2026)');
    // every row opens its invoice in the server's HTML too (issue 28)
    expect(within(overdue).getByRole('link', { name: /^Lasku 1003 Erääntynyt/ })).toHaveAttribute('href', '/fi/laskut/yhteenveto/3');
    expect(within(open).getByRole('link', { name: /^Lasku 1004 .* Maksa$/ })).toHaveAttribute('href', '/fi/maksa/1004');
    expect(plain(server.textContent)).toContain('4 maksamatonta laskua, yhteensä 234,50 €');
    expect(block.getByRole('link', { name: 'Kaikki laskut' })).toHaveAttribute('href', '/fi/laskut');
  });

  test('the server HTML is the markup the ./summary parcel renders when mounted (Swedish)', async () => {
    const { server, browserHtml } = await bothRenders('sv', paymentsSummary());
    expect(withoutReactIds(server.innerHTML)).toBe(withoutReactIds(browserHtml));
    const block = within(server);
    expect(block.getByRole('heading', { name: 'Obetalda fakturor' })).toBeInTheDocument();
    expect(block.getByText('20.11.2026')).toHaveAttribute('datetime', '2026-11-20');
    expect(block.getByRole('link', { name: /^Faktura 1004 .* Betala$/ })).toHaveAttribute('href', '/sv/betala/1004');
    expect(block.getByRole('link', { name: /^Faktura 1003 / })).toHaveAttribute('href', '/sv/fakturor/oversikt/3');
    expect(block.getByRole('link', { name: 'Alla fakturor' })).toHaveAttribute('href', '/sv/fakturor');
  });

  test("no HTML when the front page's state has no payments summary (its loader failed: the parcel shows its own error)", () => {
    const shell = createFakeShell({ lang: 'en' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-payments', undefined), url: '/en', exposed: './summary' })).toBeNull();
  });

  test('no HTML for a module the remote does not pre-render', () => {
    const shell = createFakeShell({ lang: 'en' });
    expect(renderParcel({ state: frontPageStateWith(shell, 'mf-payments', paymentsSummary()), url: '/en', exposed: './app' })).toBeNull();
  });
});
