import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRemoteFallbackRenderer } from '../app/remote-fallback';
import { renderShell } from '../test/render-shell';
import { createResilientApplication } from './resilient-application';

function remoteLifecycles() {
  return {
    bootstrap: jest.fn(async () => undefined),
    mount: jest.fn(async (props: Record<string, unknown>) => {
      const element = (props.domElementGetter as () => HTMLElement)();
      const heading = document.createElement('h1');
      heading.textContent = 'Laboratory results';
      element.appendChild(heading);
    }),
    unmount: jest.fn(async (props: Record<string, unknown>) => {
      (props.domElementGetter as () => HTMLElement)().replaceChildren();
    }),
  };
}

describe('a remote in its error boundary', () => {
  test('a remote whose load rejects shows the error view with a retry; header and menu keep working', async () => {
    const user = userEvent.setup();
    const { runtime } = renderShell('/en/laboratory');
    const remote = remoteLifecycles();
    const load = jest.fn().mockRejectedValueOnce(new Error('Loading script failed')).mockResolvedValueOnce(remote);
    const app = createResilientApplication({
      name: 'mf-records',
      load,
      renderFallback: createRemoteFallbackRenderer(runtime),
      report: runtime.shell.errors.report,
    });
    const props = { domElementGetter: () => runtime.remoteHost('mf-records') };
    await act(() => app.mount(props));

    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Apologies! Something went wrong...' })).toBeInTheDocument();
    expect(within(main).getByText('This part of the service could not be loaded. Please try again.')).toBeInTheDocument();
    expect(runtime.shell.errors.report).toHaveBeenCalledWith(expect.any(Error), 'remote:mf-records', { remoteId: 'mf-records' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();

    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(main).getByRole('heading', { level: 1, name: 'Laboratory results' })).toBeInTheDocument());
    expect(within(main).queryByText('Apologies! Something went wrong...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(remote.bootstrap).toHaveBeenCalledTimes(1);

    await act(() => app.unmount(props));
    expect(remote.unmount).toHaveBeenCalledTimes(1);
    expect(within(main).queryByRole('heading', { name: 'Laboratory results' })).not.toBeInTheDocument();
  });

  test('a remote whose mount throws shows the error view too', async () => {
    const { runtime } = renderShell('/en/laboratory');
    const remote = remoteLifecycles();
    remote.mount.mockRejectedValueOnce(new Error('render failed'));
    const app = createResilientApplication({
      name: 'mf-records',
      load: async () => ({ default: remote }),
      renderFallback: createRemoteFallbackRenderer(runtime),
      report: runtime.shell.errors.report,
    });
    await act(() => app.mount({ domElementGetter: () => runtime.remoteHost('mf-records') }));
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  test('a version activated while its page is open keeps that page; the next visit to it mounts the new version', async () => {
    const { runtime } = renderShell('/en/laboratory');
    const version1 = remoteLifecycles();
    const version2 = remoteLifecycles();
    version2.mount.mockImplementation(async (props: Record<string, unknown>) => {
      const heading = document.createElement('h1');
      heading.textContent = 'Laboratory results, version 2';
      (props.domElementGetter as () => HTMLElement)().appendChild(heading);
    });
    let entry = '/remotes/mf-records/mf-manifest.json';
    const load = jest.fn(async () => (entry.includes('v2') ? version2 : version1));
    const beforeMount = jest.fn(async () => {
      // the shell's look at /remotes.json on the way to the remote's next page finds version 2
      entry = 'https://static.example/mf-records/v2/mf-manifest.json';
    });
    const app = createResilientApplication({
      name: 'mf-records',
      load,
      renderFallback: createRemoteFallbackRenderer(runtime),
      report: runtime.shell.errors.report,
      currentEntry: () => entry,
      beforeMount,
    });
    const props = { domElementGetter: () => runtime.remoteHost('mf-records') };
    const main = screen.getByRole('main');
    await act(() => app.mount(props));
    expect(within(main).getByRole('heading', { level: 1, name: 'Laboratory results' })).toBeInTheDocument();
    expect(beforeMount).not.toHaveBeenCalled(); // the page's own state is fresh

    entry = 'https://static.example/mf-records/v2/mf-manifest.json';
    // nothing happens to the mounted page
    expect(version1.unmount).not.toHaveBeenCalled();
    expect(within(main).getByRole('heading', { level: 1, name: 'Laboratory results' })).toBeInTheDocument();

    await act(() => app.unmount(props));
    await act(() => app.mount(props));
    expect(within(main).getByRole('heading', { level: 1, name: 'Laboratory results, version 2' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(version2.bootstrap).toHaveBeenCalledTimes(1);
    expect(version1.mount).toHaveBeenCalledTimes(1);

    // the same version again: its code is not loaded again
    await act(() => app.unmount(props));
    await act(() => app.mount(props));
    expect(load).toHaveBeenCalledTimes(2);
    expect(beforeMount).toHaveBeenCalledTimes(2);
  });
});
