import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteId } from '@portal/shared-i18n';
import { messagingSummary } from '../../test/fixtures';
import { createFakeShell, mountSummaryParcel, routeTable } from '../../test/shell-fake';

describe('conversations summary parcel (front page)', () => {
  test('shows the latest three conversations with title, author, date and the unread marker', async () => {
    const summary = messagingSummary();
    const fourth = { ...summary.threads[2]!, id: '14', title: 'Fourth' };
    await mountSummaryParcel(createFakeShell(), { ...summary, threads: [...summary.threads, fourth] });
    const block = screen.getByRole('region', { name: 'Messages' });
    const items = within(block).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(block).queryByText('Fourth')).not.toBeInTheDocument();

    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Unread Laboratory results' })).toHaveAttribute('href', '/en/conversations/11');
    expect(first).toHaveTextContent('Anna Lääkäri');
    expect(within(first).getByText('10 May 2026')).toHaveAttribute('datetime', '2026-05-10T12:00:00.000Z');
    expect(first).toHaveClass('unread');

    expect(within(second).getByRole('link', { name: 'Sick leave' })).toBeInTheDocument();
    expect(second).toHaveTextContent('You');
    expect(second).not.toHaveTextContent('Mikko Virtanen');
    expect(second).not.toHaveTextContent('Unread');
    expect(second).not.toHaveClass('unread');
    expect(third).toHaveTextContent('Pekka Hoitaja');
    expect(within(block).getByText('1 unread conversation')).toBeInTheDocument();
  });

  test('footer buttons go to all conversations and to a new message through the shell', async () => {
    const shell = createFakeShell();
    await mountSummaryParcel(shell, messagingSummary());
    const showAll = screen.getByRole('link', { name: 'Show all conversations' });
    expect(showAll).toHaveAttribute('href', '/en/conversations');
    expect(screen.getByRole('link', { name: 'New message' })).toHaveAttribute('href', '/en/conversations/new');
    await userEvent.click(showAll);
    expect(shell.navigate).toHaveBeenCalledWith('/en/conversations');
    await userEvent.click(screen.getByRole('link', { name: /Laboratory results/ }));
    expect(shell.navigate).toHaveBeenLastCalledWith('/en/conversations/11');
  });

  test('in Finnish', async () => {
    await mountSummaryParcel(createFakeShell({ lang: 'fi' }), messagingSummary({ unreadCount: 2 }));
    const block = screen.getByRole('region', { name: 'Viestit' });
    expect(within(block).getByRole('link', { name: 'Näytä kaikki viestit' })).toHaveAttribute('href', '/fi/viestit');
    expect(within(block).getByRole('link', { name: 'Uusi viesti' })).toHaveAttribute('href', '/fi/viestit/uusi');
    expect(within(block).getByRole('link', { name: 'Lukematon Laboratory results' })).toBeInTheDocument();
    expect(block).toHaveTextContent('Sinä');
    expect(within(block).getByText('10.5.2026')).toBeInTheDocument();
    expect(within(block).getByText('2 lukematonta keskustelua')).toBeInTheDocument();
  });

  test('hidden when the customer has no conversations', async () => {
    const { host } = await mountSummaryParcel(createFakeShell(), messagingSummary({ totalCount: 0, unreadCount: 0, threads: [] }));
    expect(host).toBeEmptyDOMElement();
  });

  test('a summary that could not be loaded shows a short error', async () => {
    await mountSummaryParcel(createFakeShell(), undefined);
    const block = screen.getByRole('region', { name: 'Messages' });
    expect(within(block).getByRole('alert')).toHaveTextContent('Your conversations could not be loaded.');
    expect(within(block).queryByRole('list')).not.toBeInTheDocument();
  });

  test('no new-message button where that page does not exist', async () => {
    const shell = createFakeShell({
      hasRoute: (routeId): routeId is RouteId => routeId !== 'messaging.new' && routeTable.some((route) => route.id === routeId),
    });
    await mountSummaryParcel(shell, messagingSummary());
    expect(screen.queryByRole('link', { name: 'New message' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all conversations' })).toBeInTheDocument();
  });

  test.each([
    ['fi', 'Viestit', 'Uusi viesti', 'Viestipalvelu ei ole tällä hetkellä käytössä', 'Näytä kaikki viestit'],
    ['sv', 'Meddelanden', 'Nytt meddelande', 'Meddelandetjänsten är inte i bruk för tillfället', 'Visa alla meddelanden'],
    ['en', 'Messages', 'New message', 'Messaging is currently offline', 'Show all conversations'],
  ] as const)('in maintenance no new message is offered; the notice says why (%s)', async (lang, region, newMessage, notice, showAll) => {
    await mountSummaryParcel(createFakeShell({ lang }), messagingSummary({ maintenance: true }));
    const block = screen.getByRole('region', { name: region });
    expect(within(block).queryByRole('link', { name: newMessage })).not.toBeInTheDocument();
    expect(within(block).getByRole('heading', { level: 3, name: notice })).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: showAll })).toBeInTheDocument();
  });
});
