import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordsPageStates, type PageStateOf, type PageStateSchemas } from '@portal/shared-api';
import { createFakeShell, pageState, routeTableFor, type FakeShell } from '../test-utils';
import { ShellProvider } from '../shell-context';
import { PageStatesProvider } from './page-states';
import { usePageState } from './usePageState';

const routes = routeTableFor('mf-test', [{ id: 'records.visit', paths: { fi: 'kaynnit/:id', sv: 'besoken/:id', en: 'visits/:id' }, kind: 'logged-in' }]);
const visit = { status: 'visit-not-found' } satisfies PageStateOf<'records.visit'>;

/** Shows what the hook gives: the state's own type comes from the route id alone. */
function Visit() {
  const { page, retry } = usePageState('records.visit', { id: '7' });
  if (page.status === 'loading') return <p>loading</p>;
  if (page.status === 'error') {
    return (
      <button type="button" onClick={retry}>
        retry
      </button>
    );
  }
  return <p>state: {page.data.status}</p>;
}

/** The page in a part whose pageStates are `pageStates` (the records remote's by default). */
function renderVisit(shell: FakeShell, pageStates: PageStateSchemas = recordsPageStates) {
  return render(
    <ShellProvider value={shell}>
      <PageStatesProvider pageStates={pageStates}>
        <Visit />
      </PageStatesProvider>
    </ShellProvider>,
  );
}

describe('usePageState', () => {
  test('a route missing from the part’s pageStates is a programming error that names the route', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shell = createFakeShell(routes);
    expect(() => renderVisit(shell, { 'records.visits': recordsPageStates['records.visits'] })).toThrow("No page state schema for 'records.visit'");
  });

  test('the first page reads the server-embedded state, parsed with its route’s schema, without asking the API', () => {
    const shell = createFakeShell(routes);
    shell.takeInitialPageState.mockImplementation((routeId) => (routeId === 'records.visit' ? pageState(routeId, visit, { id: '7' }) : null));
    renderVisit(shell);
    expect(screen.getByText('state: visit-not-found')).toBeInTheDocument();
    expect(shell.loadPage).not.toHaveBeenCalled();
  });

  test('otherwise it asks the page loader with the page’s params', async () => {
    const shell = createFakeShell(routes);
    shell.loadPage.mockResolvedValue(pageState('records.visit', visit, { id: '7' }));
    renderVisit(shell);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('state: visit-not-found')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledWith('records.visit', { id: '7' }, expect.any(AbortSignal));
  });

  test('a state that does not match the route’s schema is an error, and so is a failed call, which is reported; retry asks again', async () => {
    const user = userEvent.setup();
    const shell = createFakeShell(routes);
    shell.takeInitialPageState.mockReturnValue(pageState('records.visit', { status: 'something else' }));
    shell.loadPage.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(pageState('records.visit', visit));
    renderVisit(shell);
    await user.click(screen.getByRole('button', { name: 'retry' }));
    await user.click(await screen.findByRole('button', { name: 'retry' }));
    expect(shell.errors.report).toHaveBeenCalledWith(expect.any(Error), 'page:records.visit');
    expect(await screen.findByText('state: visit-not-found')).toBeInTheDocument();
  });

  test('leaving the page aborts its call', async () => {
    const shell = createFakeShell(routes);
    const { unmount } = renderVisit(shell);
    const signal = shell.loadPage.mock.calls[0]?.[2];
    act(() => unmount());
    expect(signal?.aborted).toBe(true);
  });
});
