import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { PageStateSchemas, RouteDefinitionInput } from '@portal/shared-api';
import { importCatalogue, LANGUAGES, type Catalogue, type CatalogueImports } from '@portal/shared-i18n';
import type { ParcelProps, RemoteAppProps, RemoteIdentity } from '../remote/createRemote';
import { PageFrame } from '../remote/PageFrame';
import type { ReactLifecycles, SingleSpaProps } from '../remote/react-lifecycles';
import { RemoteProviders } from '../remote/RemoteProviders';
import type { ShellContextValue } from '../shell-context';
import { actOnLifecycle } from './act-on-lifecycle';
import { createFakeShell, routeTableFor, type FakeShellOverrides } from './fake-shell';

export { actOnLifecycle };

/** A remote as its tests render it: its identity and the page state schemas its ./app gives createRemote. */
export type TestedRemote = RemoteIdentity & { pageStates?: PageStateSchemas };

export interface RemotePageOptions {
  remote: TestedRemote;
  shell: ShellContextValue;
  /** the browser path, e.g. '/en/conversations/12' (default: the language root) */
  path?: string;
}

/** A test's own texts as a remote gives its `messages`: one import per language. */
export function catalogueImports(catalogue: Catalogue): CatalogueImports {
  return { fi: async () => ({ default: catalogue.fi }), sv: async () => ({ default: catalogue.sv }), en: async () => ({ default: catalogue.en }) };
}

/** A remote's texts in every language, imported (a test then renders in any language at once). */
export async function importEveryLanguage(imports: CatalogueImports): Promise<Catalogue> {
  const parts = await Promise.all(LANGUAGES.map((lang) => importCatalogue(imports, lang)));
  return Object.assign({}, ...parts) as Catalogue;
}

/** Texts imported by remoteTestKit's beforeAll, by the remote's `messages`. */
const importedTexts = new Map<CatalogueImports, Catalogue>();

function textsOf(remote: RemoteIdentity): Catalogue {
  const texts = importedTexts.get(remote.messages);
  if (!texts) throw new Error(`${remote.remoteId}: render its pages through remoteTestKit, which imports its texts before the tests`);
  return texts;
}

/**
 * Renders a page as createRemote does (the shell's context, the remote's texts, the page frame),
 * under a router at `path`: a page's test sees what the patient sees, heading focus included.
 */
export function renderRemotePage(ui: ReactElement, { remote, shell, path = `/${shell.lang}` }: RemotePageOptions) {
  // the browser's address too: what reads it (the sign-in links) sees the page the patient sees
  window.history.replaceState({}, '', path);
  return render(
    <RemoteProviders shell={shell} messages={textsOf(remote)} pageStates={remote.pageStates}>
      <MemoryRouter initialEntries={[path]}>
        <PageFrame onError={(error) => shell.errors.report(error, remote.remoteId)}>{ui}</PageFrame>
      </MemoryRouter>
    </RemoteProviders>,
  );
}

type Mountable<P extends SingleSpaProps> = Pick<ReactLifecycles<P>, 'bootstrap' | 'mount' | 'unmount'>;


/** What a test mounted; taken down after each test, as Testing Library does with what it renders. */
const mounted: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const unmount of mounted.splice(0)) await unmount();
});

async function mountInto<P extends SingleSpaProps>(lifecycles: Mountable<P>, propsFor: (host: HTMLElement) => P) {
  const host = document.body.appendChild(document.createElement('div'));
  const props = propsFor(host);
  await act(() => lifecycles.bootstrap(props));
  await actOnLifecycle(() => lifecycles.mount(props));
  mounted.push(async () => {
    await act(() => lifecycles.unmount(props));
    host.remove();
  });
  return { host };
}

/** Mounts a remote's `./app` lifecycles as the shell does, with the browser at `path` (put back at '/' after the test). */
export async function mountRemoteApp(app: Mountable<RemoteAppProps>, { remote, shell, path = `/${shell.lang}` }: RemotePageOptions) {
  window.history.pushState({}, '', path);
  const result = await mountInto(app, (host) => ({ name: remote.remoteId, shell, domElementGetter: () => host }));
  mounted.push(async () => window.history.pushState({}, '', '/'));
  return result;
}

/** Mounts a parcel's lifecycles as the shell's front page does: its own element, `{ shell, ...props }`. */
export async function mountRemoteParcel<P extends object>(parcel: Mountable<ParcelProps<P>>, props: { shell: ShellContextValue } & P) {
  return mountInto(parcel, (host) => ({ ...props, name: 'test-parcel', domElement: host }));
}

/**
 * A remote's test set-up in one call: its composed route table (the front page and its routes.json),
 * fake shells on it (with the remote's usual `defaults`), and its pages rendered or its `./app`
 * mounted as the shell would.
 */
export function remoteTestKit(remote: TestedRemote, routes: readonly RouteDefinitionInput[], defaults: FakeShellOverrides = {}) {
  beforeAll(async () => {
    if (!importedTexts.has(remote.messages)) importedTexts.set(remote.messages, await importEveryLanguage(remote.messages));
  });
  const routeTable = routeTableFor(remote.remoteId, routes);
  return {
    routeTable,
    createFakeShell: (overrides: FakeShellOverrides = {}) => createFakeShell(routeTable, { ...defaults, ...overrides }),
    renderPage: (ui: ReactElement, shell: ShellContextValue, path?: string) => renderRemotePage(ui, { remote, shell, path }),
    mountApp: (app: Mountable<RemoteAppProps>, shell: ShellContextValue, path?: string) => mountRemoteApp(app, { remote, shell, path }),
  };
}
