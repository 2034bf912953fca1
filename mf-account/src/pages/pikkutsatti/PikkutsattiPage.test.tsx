import { screen, within } from '@testing-library/react';
import { createFakeShell, pageState, renderWithShell } from '../../../test/shell-fake';
import { PikkutsattiAnonymousPage, PikkutsattiPage } from './PikkutsattiPage';

const appLinks = { ios: 'https://apps.example.com/ios/kids', android: 'https://apps.example.com/android/kids' };

describe("children's chat page", () => {
  test('says the chat has moved to the app, with the brand’s store links from the state', () => {
    const shell = createFakeShell({ brand: 'children' });
    shell.takeInitialPageState.mockReturnValue(pageState('account.pikkutsatti', { appLinks }));
    renderWithShell(<PikkutsattiPage />, shell);
    expect(screen.getByRole('heading', { level: 1, name: "Children's chat" })).toHaveFocus();
    expect(screen.getByText("The children's chat has moved to our app.")).toBeInTheDocument();
    const links = screen.getByRole('list', { name: 'Download the app' });
    expect(within(links).getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', appLinks.ios);
    expect(within(links).getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', appLinks.android);
  });

  test('the anonymous variant reads its own route’s state, in Finnish and Swedish', () => {
    for (const [lang, title, moved, store] of [
      ['fi', 'Pikkutsatti', 'Pikkutsatti on siirtynyt sovellukseemme.', 'Lataa App Storesta'],
      ['sv', 'Pikkutsatti', 'Barnchatten Pikkutsatti har flyttat till vår app.', 'Ladda ner från App Store'],
    ] as const) {
      const shell = createFakeShell({ lang, brand: 'children', user: null });
      shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'account.pikkutsatti-anonymous' ? pageState(routeId, { appLinks }) : null));
      const { unmount } = renderWithShell(<PikkutsattiAnonymousPage />, shell);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(moved)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: store })).toHaveAttribute('href', appLinks.ios);
      expect(shell.loadPage).not.toHaveBeenCalled();
      unmount();
    }
  });

  test('loading, then a failed load with a retry', async () => {
    const shell = createFakeShell({ brand: 'children' });
    shell.loadPage.mockRejectedValueOnce(new Error('offline'));
    renderWithShell(<PikkutsattiPage />, shell);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
