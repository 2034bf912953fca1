import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { recordsPageStates } from '@portal/shared-api';
import type { Catalogue } from '@portal/shared-i18n';
import { actOnLifecycle, catalogueImports, createFakeShell, routeTableFor, type FakeShell } from '../test-utils';
import { useShell } from '../shell-context';
import { createParcel, createRemote } from './createRemote';
import { lazyPage } from './lazy-page';
import { usePageState } from './usePageState';

const REMOTE_ID = 'mf-test';
const texts: Catalogue = {
  fi: { 'test.visits': 'Käynnit', 'test.visit': 'Käynti', 'test.summary': 'Yhteenveto: {count}' },
  sv: { 'test.visits': 'Besök', 'test.visit': 'Besöket', 'test.summary': 'Sammandrag: {count}' },
  en: { 'test.visits': 'Visits', 'test.visit': 'Visit', 'test.summary': 'Summary: {count}' },
};
const messages = catalogueImports(texts);
const routes = routeTableFor(REMOTE_ID, [
  { id: 'records.visits', paths: { fi: 'kaynnit', sv: 'besoken', en: 'visits' }, kind: 'logged-in' },
  { id: 'records.visit', paths: { fi: 'kaynnit/:id', sv: 'besoken/:id', en: 'visits/:id' }, kind: 'logged-in' },
]);

function VisitsPage() {
  const intl = useIntl();
  return (
    <section>
      <h1>{intl.formatMessage({ id: 'test.visits' })}</h1>
      <button type="button">Filter</button>
    </section>
  );
}

/** A page whose heading comes with its data, after a spinner. */
function VisitPage() {
  const intl = useIntl();
  const [loaded, setLoaded] = useState(false);
  if (!loaded) {
    return (
      <button type="button" onClick={() => setLoaded(true)}>
        Load
      </button>
    );
  }
  return <h1>{intl.formatMessage({ id: 'test.visit' })}</h1>;
}

function SignedInAppointmentPage() {
  return <h1>Signed-in appointment {useParams().ids}</h1>;
}
function AnonymousAppointmentPage() {
  return <h1>Anonymous appointment {useParams().token}</h1>;
}

let host: HTMLElement;
let mounted: Array<() => Promise<void>> = [];

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
});

afterEach(async () => {
  for (const unmount of mounted) await act(unmount);
  mounted = [];
  host.remove();
  window.history.pushState({}, '', '/');
});

async function mountApp(path: string, pages: Parameters<typeof createRemote>[0]['pages'], shell: FakeShell = createFakeShell(routes)) {
  window.history.pushState({}, '', path);
  const app = createRemote({ remoteId: REMOTE_ID, messages, pages, pageStates: {} });
  const props = { name: REMOTE_ID, shell, domElementGetter: () => host };
  await act(() => app.bootstrap(props));
  await actOnLifecycle(() => app.mount(props));
  mounted.push(() => app.unmount(props));
  return { shell, app, props };
}

describe('createRemote: a remote is its pages', () => {
  test('mounts the page of the active route, in the shell language, with the remote texts', async () => {
    await mountApp('/sv/besoken', { 'records.visits': VisitsPage, 'records.visit': VisitPage }, createFakeShell(routes, { lang: 'sv' }));
    expect(within(host).getByRole('heading', { level: 1, name: 'Besök' })).toBeInTheDocument();
  });

  test('fetches the texts of the shell language only, once, before the page renders', async () => {
    const imports = { fi: jest.fn(messages.fi), sv: jest.fn(messages.sv), en: jest.fn(messages.en) };
    const app = createRemote({ remoteId: REMOTE_ID, messages: imports, pages: { 'records.visits': VisitsPage }, pageStates: {} });
    window.history.pushState({}, '', '/sv/besoken');
    const shell = createFakeShell(routes, { lang: 'sv' });
    for (const name of ['first', 'second']) {
      const props = { name, shell, domElementGetter: () => host };
      await actOnLifecycle(() => app.mount(props));
      expect(within(host).getByRole('heading', { level: 1, name: 'Besök' })).toBeInTheDocument();
      await act(() => app.unmount(props));
    }
    expect(imports.sv).toHaveBeenCalledTimes(1);
    expect(imports.fi).not.toHaveBeenCalled();
    expect(imports.en).not.toHaveBeenCalled();
  });

  test('renders nothing on a path of another remote, and unmounting removes the page', async () => {
    const other = await mountApp('/en/conversations', { 'records.visits': VisitsPage });
    expect(host).toBeEmptyDOMElement();
    await act(() => other.app.unmount(other.props));
    mounted = [];

    const visits = await mountApp('/en/visits', { 'records.visits': VisitsPage });
    expect(within(host).getByRole('heading', { name: 'Visits' })).toBeInTheDocument();
    await act(() => visits.app.unmount(visits.props));
    mounted = [];
    expect(host).toBeEmptyDOMElement();
  });

  test('two routes with one path pattern: the routes\' params patterns choose the page, which reads its parameters by name; an address neither accepts renders nothing', async () => {
    const table = routeTableFor(REMOTE_ID, [
      { id: 'booking.appointment', paths: { fi: 'varaus/:ids', sv: 'bokning/:ids', en: 'appointment/:ids' }, params: { ids: '[0-9]+(,[0-9]+)*' }, kind: 'logged-in' },
      { id: 'booking.anonymous-appointment', paths: { fi: 'varaus/:token', sv: 'bokning/:token', en: 'appointment/:token' }, params: { token: '[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*' }, kind: 'anonymous' },
    ]);
    const pages = { 'booking.appointment': SignedInAppointmentPage, 'booking.anonymous-appointment': AnonymousAppointmentPage };
    const shell = createFakeShell(table);
    const first = await mountApp('/en/appointment/A1b2C3', pages, shell);
    expect(within(host).getByRole('heading', { name: 'Anonymous appointment A1b2C3' })).toBeInTheDocument();
    await act(() => first.app.unmount(first.props));
    mounted = [];

    const second = await mountApp('/en/appointment/100001,100002', pages, shell);
    expect(within(host).getByRole('heading', { name: 'Signed-in appointment 100001,100002' })).toBeInTheDocument();
    await act(() => second.app.unmount(second.props));
    mounted = [];

    await mountApp('/en/appointment/a-b', pages, shell);
    expect(host).toBeEmptyDOMElement();
  });

  test('focuses the page heading when the page arrives', async () => {
    await mountApp('/en/visits', { 'records.visits': VisitsPage });
    expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
  });

  test('focuses a heading that comes later, when the page has loaded', async () => {
    const user = userEvent.setup();
    await mountApp('/en/visits/3', { 'records.visit': VisitPage });
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit' })).toHaveFocus();
  });

  test('leaves focus where it is when it is already inside the arrived page (the shell kept the visitor’s place there)', async () => {
    const user = userEvent.setup();
    /** A page whose heading comes after a control that stays: focus is inside the page when it does. */
    function SlowHeadingPage() {
      const [shown, setShown] = useState(false);
      return (
        <section>
          <button type="button" onClick={() => setShown(true)}>
            Show the heading
          </button>
          {shown ? <h1>Visit</h1> : null}
        </section>
      );
    }
    await mountApp('/en/visits/3', { 'records.visit': SlowHeadingPage });
    const button = screen.getByRole('button', { name: 'Show the heading' });
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit' })).not.toHaveFocus();
    expect(button).toHaveFocus();
  });

  test('shows a spinner while a page’s code loads', async () => {
    let arrive: (page: { default: typeof VisitsPage }) => void = () => undefined;
    const LazyVisits = lazy(() => new Promise<{ default: typeof VisitsPage }>((resolve) => (arrive = resolve)));
    await mountApp('/en/visits', { 'records.visits': LazyVisits });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await act(async () => arrive({ default: VisitsPage }));
    expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  describe('pages that are their own chunks (lazyPage)', () => {
    /** A page's import that the test completes: `arrive` resolves every import asked for so far. */
    function deferredImport<T>(value: T) {
      let waiting: Array<() => void> = [];
      const load = jest.fn(() => new Promise<T>((resolve) => waiting.push(() => resolve(value))));
      return {
        load,
        arrive() {
          for (const resolve of waiting) resolve();
          waiting = [];
        },
      };
    }

    test('the page of the address is imported before the first render: it arrives whole, with no spinner', async () => {
      const visits = deferredImport(VisitsPage);
      const app = createRemote({ remoteId: REMOTE_ID, messages, pages: { 'records.visits': lazyPage(visits.load) }, pageStates: {} });
      window.history.pushState({}, '', '/en/visits');
      const props = { name: REMOTE_ID, shell: createFakeShell(routes), domElementGetter: () => host };
      const mounting = app.mount(props);
      await act(async () => undefined);
      expect(visits.load).toHaveBeenCalledTimes(1);
      expect(host).toBeEmptyDOMElement(); // nothing rendered while the page's code is on its way
      await actOnLifecycle(async () => {
        visits.arrive();
        await mounting;
      });
      mounted.push(() => app.unmount(props));
      expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(visits.load).toHaveBeenCalledTimes(1);
    });

    test('a page first reached by a link is imported then: the spinner stands in, then the page arrives with focus', async () => {
      const user = userEvent.setup();
      function VisitsWithLink() {
        return (
          <section>
            <h1>Visits</h1>
            <Link to="/visits/3">The visit</Link>
          </section>
        );
      }
      const visit = deferredImport(function Visit() {
        return <h1>Visit 3</h1>;
      });
      await mountApp('/en/visits', { 'records.visits': lazyPage(async () => VisitsWithLink), 'records.visit': lazyPage(visit.load) });
      expect(visit.load).not.toHaveBeenCalled(); // only the page of the address is imported at first

      await user.click(screen.getByRole('link', { name: 'The visit' }));
      expect(visit.load).toHaveBeenCalledTimes(1);
      expect(await screen.findByRole('status')).toHaveTextContent('Loading');
      await act(async () => visit.arrive());
      expect(await screen.findByRole('heading', { level: 1, name: 'Visit 3' })).toHaveFocus();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    test('each page’s state schema is imported with the page (the part’s imports): the first page’s before the first render, another’s when it is first shown', async () => {
      const user = userEvent.setup();
      function StatefulVisits() {
        const { page } = usePageState('records.visits');
        return (
          <section>
            <h1>Visits ({page.status})</h1>
            <Link to="/visits/3">The visit</Link>
          </section>
        );
      }
      function StatefulVisit() {
        const { page } = usePageState('records.visit', { id: '3' });
        return <h1>Visit 3 ({page.status})</h1>;
      }
      const imports = {
        'records.visits': jest.fn(async () => recordsPageStates['records.visits']),
        'records.visit': jest.fn(async () => recordsPageStates['records.visit']),
      };
      window.history.pushState({}, '', '/en/visits');
      const app = createRemote({
        remoteId: REMOTE_ID,
        messages,
        pages: { 'records.visits': lazyPage(async () => StatefulVisits), 'records.visit': lazyPage(async () => StatefulVisit) },
        pageStates: imports,
      });
      const props = { name: REMOTE_ID, shell: createFakeShell(routes), domElementGetter: () => host };
      await actOnLifecycle(() => app.mount(props));
      mounted.push(() => app.unmount(props));
      expect(screen.getByRole('heading', { level: 1, name: 'Visits (loading)' })).toHaveFocus();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(imports['records.visits']).toHaveBeenCalledTimes(1);
      expect(imports['records.visit']).not.toHaveBeenCalled();

      await user.click(screen.getByRole('link', { name: 'The visit' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Visit 3 (loading)' })).toHaveFocus();
      expect(imports['records.visit']).toHaveBeenCalledTimes(1);
    });

    test('a page whose code does not arrive shows the error view, and its retry imports it again', async () => {
      const user = userEvent.setup();
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      let reachable = false;
      const load = jest.fn(async () => {
        if (!reachable) throw new Error('Loading chunk 123 failed');
        return VisitsPage;
      });
      const { shell } = await mountApp('/en/visits', { 'records.visits': lazyPage(load) });

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { level: 1, name: 'Apologies! Something went wrong...' })).toHaveFocus();
      expect(shell.errors.report).toHaveBeenCalledWith(expect.objectContaining({ message: 'Loading chunk 123 failed' }), REMOTE_ID);

      reachable = true;
      const attempts = load.mock.calls.length;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
      expect(load).toHaveBeenCalledTimes(attempts + 1);
    });
  });

  test('a page that throws shows the error view, focused, and its retry renders the page again', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function FlakyPage() {
      if (broken) throw new Error('boom');
      return <VisitsPage />;
    }
    const { shell } = await mountApp('/en/visits', { 'records.visits': FlakyPage });

    const alert = screen.getByRole('alert');
    const title = within(alert).getByRole('heading', { level: 1, name: 'Apologies! Something went wrong...' });
    expect(title).toHaveFocus();
    expect(shell.errors.report).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), REMOTE_ID);

    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Visits' })).toHaveFocus();
  });
});

function Summary({ count }: { count: number }) {
  const intl = useIntl();
  const shell = useShell();
  return (
    <section aria-label="summary">
      <p>{intl.formatMessage({ id: 'test.summary' }, { count })}</p>
      <p>{intl.formatMessage({ id: 'common.loading' })}</p>
      <a href={shell.href('records.visits')}>{intl.formatMessage({ id: 'test.visits' })}</a>
    </section>
  );
}

describe('createParcel', () => {
  async function mountParcel(shell: FakeShell, count: number, Parcel = Summary) {
    const parcel = createParcel({ remoteId: REMOTE_ID, messages }, Parcel);
    const props = { name: 'parcel-1', shell, domElement: host, count };
    await act(() => parcel.bootstrap(props));
    await actOnLifecycle(() => parcel.mount(props));
    mounted.push(() => parcel.unmount(props));
    return { parcel, props };
  }

  test('renders with the props it is mounted with and the shell’s language, context and texts', async () => {
    await mountParcel(createFakeShell(routes, { lang: 'fi' }), 2);
    const summary = screen.getByRole('region', { name: 'summary' });
    expect(summary).toHaveTextContent('Yhteenveto: 2');
    expect(within(summary).getByText('Ladataan…')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Käynnit' })).toHaveAttribute('href', '/fi/kaynnit');
  });

  test('an update renders the new props', async () => {
    const { parcel, props } = await mountParcel(createFakeShell(routes), 2);
    await actOnLifecycle(() => parcel.update({ ...props, count: 5 }));
    expect(screen.getByRole('region', { name: 'summary' })).toHaveTextContent('Summary: 5');
  });

  test('a parcel that throws shows the error view in its place and is reported', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shell = createFakeShell(routes);
    function Broken(): never {
      throw new Error('parcel boom');
    }
    await mountParcel(shell, 1, Broken);
    expect(within(host).getByRole('alert')).toHaveTextContent('Apologies! Something went wrong...');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.objectContaining({ message: 'parcel boom' }), `parcel:${REMOTE_ID}`);
  });
});
