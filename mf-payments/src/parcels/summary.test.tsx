import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang } from '@portal/shared-api';
import { mountRemoteParcel } from '@portal/shared-ui/test-utils';
import { paymentsSummary } from '../../test/invoice-fixtures';
import { createFakeShell } from '../../test/shell-fake';
import * as parcel from './summary';

// Intl writes no-break spaces in fi/sv sums; compare with plain ones
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('payments front-page summary parcel', () => {
  test('lists the unpaid invoices: number, due date, sum, the overdue marker', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell(), summary: paymentsSummary() });
    const block = screen.getByRole('region', { name: 'Unpaid invoices' });
    const [overdue, open] = within(block).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(overdue).toHaveTextContent('Invoice 1003');
    expect(overdue).toHaveTextContent('Overdue (due 1 November 2026)');
    expect(overdue).toHaveTextContent('€80.00');
    expect(open).toHaveTextContent('Invoice 1004');
    expect(open).toHaveTextContent('Due 20 November 2026');
    expect(open).not.toHaveTextContent('Overdue');
    expect(within(open).getByText('20 November 2026')).toHaveAttribute('datetime', '2026-11-20');
  });

  test('the count and total of every unpaid invoice, also those not listed', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell(), summary: paymentsSummary() });
    expect(screen.getByRole('region', { name: 'Unpaid invoices' })).toHaveTextContent('4 unpaid invoices, total €234.50');
  });

  test('every row is a link to its invoice: the payment page when payable online, else its summary (issue 28)', async () => {
    const shell = createFakeShell();
    await mountRemoteParcel(parcel, { shell, summary: paymentsSummary() });
    const block = screen.getByRole('region', { name: 'Unpaid invoices' });
    const [overdue, open] = within(block).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const toSummary = within(overdue).getByRole('link', { name: /^Invoice 1003 Overdue \(due 1 November 2026\s?\) €80\.00$/ });
    expect(toSummary).toHaveAttribute('href', '/en/invoices/summary/3');
    const toPay = within(open).getByRole('link', { name: /^Invoice 1004 Due 20 November 2026 €45\.00 Pay$/ });
    expect(toPay).toHaveAttribute('href', '/en/pay/1004');
    await userEvent.click(toSummary);
    expect(shell.navigate).toHaveBeenLastCalledWith('/en/invoices/summary/3');
    await userEvent.click(toPay);
    expect(shell.navigate).toHaveBeenLastCalledWith('/en/pay/1004');
  });

  test('the footer link goes to the invoices page in the shell', async () => {
    const shell = createFakeShell();
    await mountRemoteParcel(parcel, { shell, summary: paymentsSummary() });
    const link = within(screen.getByRole('region', { name: 'Unpaid invoices' })).getByRole('link', { name: 'All invoices' });
    expect(link).toHaveAttribute('href', '/en/invoices');
    await userEvent.click(link);
    expect(shell.navigate).toHaveBeenCalledWith('/en/invoices');
  });

  test.each<[Lang, string, string, string]>([
    ['fi', 'Maksamattomat laskut', '1 maksamaton lasku, yhteensä 45,00 €', 'Eräpäivä 20.11.2026'],
    ['sv', 'Obetalda fakturor', '1 obetald faktura, totalt 45,00 €', 'Förfallodag 20.11.2026'],
  ])('%s: texts, dates and sums in the language’s format', async (lang, title, count, due) => {
    const summary = paymentsSummary({ unpaidCount: 1, unpaidTotalCents: 4500 });
    summary.invoices = summary.invoices.slice(1);
    await mountRemoteParcel(parcel, { shell: createFakeShell({ lang }), summary });
    const block = screen.getByRole('region', { name: title });
    expect(plain(block.textContent)).toContain(count);
    expect(plain(block.textContent)).toContain(due);
    expect(within(block).getByRole('link', { name: lang === 'fi' ? /^Lasku 1004 .* Maksa$/ : /^Faktura 1004 .* Betala$/ })).toHaveAttribute(
      'href',
      lang === 'fi' ? '/fi/maksa/1004' : '/sv/betala/1004',
    );
  });

  test('no unpaid invoices: the empty text and no count, still the link to every invoice (in Finnish)', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell({ lang: 'fi' }), summary: { unpaidCount: 0, unpaidTotalCents: 0, invoices: [] } });
    const block = screen.getByRole('region', { name: 'Maksamattomat laskut' });
    expect(within(block).getByText('Sinulla ei ole maksamattomia laskuja.')).toBeInTheDocument();
    expect(block).not.toHaveTextContent('yhteensä');
    expect(within(block).queryByRole('list')).not.toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'Kaikki laskut' })).toHaveAttribute('href', '/fi/laskut');
  });

  test('a summary that could not be read: an error in its place', async () => {
    await mountRemoteParcel(parcel, { shell: createFakeShell({ lang: 'sv' }), summary: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent('Dina fakturor kunde inte laddas.');
    expect(screen.getByRole('region', { name: 'Obetalda fakturor' })).toBeInTheDocument();
  });
});
