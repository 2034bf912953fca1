import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lang, RemoteLocation } from '@portal/shared-api';
import { accountRoutes } from '../layout/account-routes.testing';
import { routeTable } from '../test/fixtures';
import { renderShell } from '../test/render-shell';

const frontPage = { routeId: 'front-page', params: {}, state: { firstName: 'Mikko', summaries: { 'mf-records': undefined } } };

describe('front page', () => {
  afterEach(() => jest.useRealTimers());

  test('greets with the embedded page state and mounts each remote parcel with its summary', async () => {
    const { runtime } = renderShell('/en', { state: { page: frontPage } });
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Mikko!' })).toBeInTheDocument();
    await waitFor(() => expect(runtime.mountParcel).toHaveBeenCalledTimes(1));
    expect(runtime.loadRemoteModule).toHaveBeenCalledWith(expect.objectContaining({ id: 'mf-records' }), './summary');
    const props = (runtime.mountParcel as jest.Mock).mock.calls[0][1];
    expect(props).toEqual(expect.objectContaining({ shell: runtime.shell, domElement: expect.any(HTMLElement) }));
    expect(runtime.api.loadPage).not.toHaveBeenCalled();
  });

  test('a failing parcel shows a small error naming its block, with retry, while the other parcels stay', async () => {
    const user = userEvent.setup();
    const twoRemotes: RemoteLocation[] = [
      { id: 'mf-records', name: 'mf_records', entry: '/r/mf-manifest.json', frontPageParcels: ['./summary'] },
      { id: 'mf-booking', name: 'mf_booking', entry: '/b/mf-manifest.json', frontPageParcels: ['./summary'] },
    ];
    const parcel = { mount: async () => undefined, unmount: async () => undefined };
    const loadRemoteModule = jest.fn(async (remote: RemoteLocation) => {
      if (remote.id === 'mf-booking' && loadRemoteModule.mock.calls.length < 3) throw new Error('ChunkLoadError');
      return parcel;
    });
    const { runtime } = renderShell('/en', { state: { page: frontPage }, runtime: { remotes: twoRemotes, loadRemoteModule } });
    const error = await screen.findByText('The Upcoming appointments section could not be loaded.');
    expect(runtime.mountParcel).toHaveBeenCalledTimes(1);
    await user.click(within(error.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(runtime.mountParcel).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('The Upcoming appointments section could not be loaded.')).not.toBeInTheDocument();
    expect(runtime.shell.errors.report).toHaveBeenCalledWith(expect.any(Error), 'parcel:mf-booking/./summary', { remoteId: 'mf-booking' });
  });

  describe("the summaries the server rendered, complete (text and links): the parcel's code is not loaded", () => {
    const serverSummary = { html: '<style>.b{}</style><section aria-label="Visits"><h2>Visits</h2><a href="/en/visits">All visits</a><a href="/sv/besok">Besök</a></section>', complete: true };

    test('the summary stays as the server rendered it and its remote is not asked for its code', async () => {
      const { runtime, container } = renderShell('/en', { state: { page: frontPage }, runtime: { prerenderedParcel: (key) => (key === 'mf-records./summary' ? serverSummary : null) } });
      const slot = container.querySelector('section.shell-parcel') as HTMLElement;
      expect(within(slot).getByRole('heading', { name: 'Visits' })).toBeVisible();
      expect(slot).toHaveAttribute('aria-busy', 'false');
      expect(slot).toHaveAttribute('data-parcel-status', 'server');
      await act(async () => undefined);
      expect(runtime.loadRemoteModule).not.toHaveBeenCalled();
      expect(runtime.mountParcel).not.toHaveBeenCalled();
    });

    test("a remote a developer overrides mounts its parcel from their build instead of the server's (deployed) summary", async () => {
      const { runtime } = renderShell('/en', {
        state: { page: frontPage },
        runtime: { overrides: { 'mf-records': 'http://localhost:3102/mf-manifest.json' }, prerenderedParcel: () => serverSummary },
      });
      await waitFor(() => expect(runtime.mountParcel).toHaveBeenCalledTimes(1));
      expect(runtime.loadRemoteModule).toHaveBeenCalledWith(expect.objectContaining({ id: 'mf-records' }), './summary');
      expect(screen.queryByRole('heading', { name: 'Visits' })).not.toBeInTheDocument();
    });

    test("its links are followed by the shell, as the parcel's would be: a plain click client-side, another language or a modified click by the browser", async () => {
      const user = userEvent.setup();
      const { runtime } = renderShell('/en', { state: { page: frontPage }, runtime: { prerenderedParcel: () => serverSummary } });
      const navigate = jest.spyOn(runtime.shell, 'navigate');
      const other = screen.getByRole('link', { name: 'Besök' });
      const prevented: boolean[] = [];
      document.addEventListener(
        'click',
        (event) => {
          prevented.push(event.defaultPrevented);
          event.preventDefault(); // jsdom cannot load another page
        },
        { once: true },
      );
      await user.click(other);
      expect(prevented).toEqual([false]); // another language: the server renders the page in it
      expect(navigate).not.toHaveBeenCalled();

      await user.click(screen.getByRole('link', { name: 'All visits' }));
      expect(navigate).toHaveBeenCalledWith('/en/visits');
      expect(window.location.pathname).toBe('/en/visits');
      window.history.replaceState(null, '', '/');
    });
  });

  describe("the summaries the server rendered that need their code: on screen until the parcel mounts (issue 15: summaries at first paint)", () => {
    const serverSummary = { html: '<style>.b{}</style><section aria-label="Visits"><h2>Visits</h2><a href="/en/visits">All visits</a></section>', complete: false };
    const mountedSummary = (domElement: HTMLElement) => {
      domElement.innerHTML = '<section aria-label="Visits"><h2>Visits</h2><a href="/en/visits">All visits</a></section>';
    };

    /** A parcel whose mount the test finishes: the remote's code arriving late, as on a slow phone. */
    function lateParcel() {
      let finish: () => void = () => undefined;
      const mountParcel = jest.fn((_config: unknown, props: Record<string, unknown>) => ({
        mountPromise: new Promise<void>((resolve) => {
          finish = () => {
            mountedSummary(props.domElement as HTMLElement);
            resolve();
          };
        }),
        unmount: async () => undefined,
      }));
      return { mountParcel, finish: () => act(async () => finish()) };
    }

    test("the server's summary shows, not busy, until the parcel has mounted; then the parcel's content takes its place", async () => {
      const { mountParcel, finish } = lateParcel();
      const { container } = renderShell('/en', {
        state: { page: frontPage },
        runtime: { mountParcel, prerenderedParcel: (key) => (key === 'mf-records./summary' ? serverSummary : null) },
      });
      const slot = container.querySelector('section.shell-parcel') as HTMLElement;
      expect(within(slot).getByRole('heading', { name: 'Visits' })).toBeVisible();
      expect(slot).toHaveAttribute('aria-busy', 'false');
      expect(slot).toHaveAttribute('data-parcel-status', 'loading');
      expect(within(slot).queryByRole('status')).not.toBeInTheDocument(); // no spinner over a whole summary
      await waitFor(() => expect(mountParcel).toHaveBeenCalledTimes(1));
      // the parcel renders out of sight while the server's copy stays
      expect(within(slot).getAllByRole('heading', { name: 'Visits' })).toHaveLength(1);

      await finish();
      expect(slot).toHaveAttribute('data-parcel-status', 'ready');
      expect(slot.querySelector('[data-prerendered-parcel]')).toBeNull();
      expect(within(slot).getAllByRole('heading', { name: 'Visits' })).toHaveLength(1);
      expect(within(slot).getByRole('link', { name: 'All visits' })).toBeVisible();
    });

    test("a visitor who tabbed into the server's summary keeps focus on the same link in the parcel", async () => {
      const user = userEvent.setup();
      const { mountParcel, finish } = lateParcel();
      renderShell('/en', { state: { page: frontPage }, runtime: { mountParcel, prerenderedParcel: () => serverSummary } });
      await waitFor(() => expect(mountParcel).toHaveBeenCalledTimes(1));
      const serverLink = screen.getByRole('link', { name: 'All visits' });
      serverLink.focus();
      await finish();
      const parcelLink = screen.getByRole('link', { name: 'All visits' });
      expect(parcelLink).not.toBe(serverLink);
      expect(parcelLink).toHaveFocus();
      await user.tab({ shift: true });
      expect(parcelLink).not.toHaveFocus();
    });

    test("a parcel that cannot load replaces the server's summary with its error and retry", async () => {
      const loadRemoteModule = jest.fn(async () => {
        throw new Error('ChunkLoadError');
      });
      renderShell('/en', { state: { page: frontPage }, runtime: { loadRemoteModule, prerenderedParcel: () => serverSummary } });
      expect(await screen.findByText('The Health records section could not be loaded.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Visits' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });
  });

  test.each<[Lang, string, string]>([
    ['fi', 'mf-messaging', 'Viestit-osiota ei voitu ladata.'],
    ['sv', 'mf-records', 'Avsnittet Hälsouppgifter kunde inte laddas.'],
    ['en', 'mf-payments', 'The Unpaid invoices section could not be loaded.'],
    // a remote of another REMOTES_MANIFEST, whose block the shell cannot name
    ['en', 'mf-other', 'This section could not be loaded.'],
  ])('%s: a failing %s block says "%s"', async (lang, id, text) => {
    const remote: RemoteLocation = { id, name: id.replace('-', '_'), entry: `/${id}/mf-manifest.json`, frontPageParcels: ['./summary'] };
    const loadRemoteModule = jest.fn(async () => {
      throw new Error('ChunkLoadError');
    });
    renderShell(`/${lang}`, { state: { lang, page: frontPage }, runtime: { remotes: [remote], loadRemoteModule } });
    expect((await screen.findByText(text)).closest('[role="alert"]')).toBeInTheDocument();
  });

  test('on client navigation the page state is loaded, with an error view and retry when that fails', async () => {
    const user = userEvent.setup();
    const loadPage = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(frontPage);
    renderShell('/en', { api: { loadPage } });
    await screen.findByRole('heading', { level: 1, name: 'Apologies! Something went wrong...' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Mikko!' })).toBeInTheDocument();
    expect(loadPage).toHaveBeenCalledWith('front-page', {}, expect.any(AbortSignal));
  });

  test('a visitor who belongs on the welcome page (no appointments or events) has the address replaced with it', async () => {
    const landing = { ...frontPage, state: { ...frontPage.state, landing: 'account.welcome' } };
    renderShell('/en', { state: { page: landing, routes: [...routeTable(), ...accountRoutes()] } });
    await waitFor(() => expect(window.location.pathname).toBe('/en/welcome'));
    window.history.replaceState(null, '', '/');
  });

  test('#appointment-cancelled shows a 15-second success toast, after which the fragment is removed (spec part 2 §2.1)', async () => {
    jest.useFakeTimers();
    renderShell('/en?tab=1#appointment-cancelled', { state: { page: frontPage } });
    // let the summary parcel finish mounting
    await act(async () => undefined);
    expect(screen.getByText('Appointment canceled')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(14_999));
    expect(screen.getByText('Appointment canceled')).toBeInTheDocument();
    expect(window.location.hash).toBe('#appointment-cancelled');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Appointment canceled')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/en?tab=1');
  });
});
