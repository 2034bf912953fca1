import type { InitialState, PageState } from '@portal/shared-api';
import type { ParcelPrerenderer } from '../prerender';
import type { ShellContextValue } from '../shell-context';

/**
 * The initial state the server embeds for the page a (fake) shell context describes: its language,
 * brand, environment, features, user, configuration and routes, with `page` as the page's loader
 * state. For comparing a pre-rendered page with the browser's first render of the same context.
 */
export function initialStateFor(shell: ShellContextValue, page: PageState | null = null): InitialState {
  return {
    lang: shell.lang,
    brand: shell.brand,
    environment: shell.environment,
    features: [...shell.features],
    user: shell.user,
    session: null,
    mfaOnboardingParam: null,
    config: shell.config,
    routes: [...shell.routes],
    remotes: { remotes: [], overridesAllowed: false },
    page,
    sentryDsn: null,
  };
}

const serverCopies: HTMLElement[] = [];
afterEach(() => serverCopies.splice(0).forEach((copy) => copy.remove()));

/** The server's pre-rendered HTML in a <div> of the document, as the server's page has it, for queries by role; removed after the test. */
export function serverHtmlInDocument(html: string): HTMLElement {
  const server = document.body.appendChild(document.createElement('div'));
  server.innerHTML = html;
  serverCopies.push(server);
  return server;
}

/**
 * The HTML with every id React's useId made replaced by one placeholder: a server render and the
 * browser's number them differently (and the server's parcels carry a prefix), and nothing else may
 * differ. Ids of the component's own making stay.
 */
export function withoutReactIds(html: string): string {
  // also ids made from one (`${useId()}-tab-all`, as Tabs makes them) and lists of them (aria-describedby)
  return html.replace(/="([^"]*)"/g, (_attribute, value: string) => `="${value.replace(/_[\w-]*?[rR]_[0-9a-zA-Z]+_/g, '(react id)')}"`);
}

/**
 * The signed-in front page's initial state with `remoteId`'s summary (undefined: its loader failed),
 * as the server embeds it and hands it to the remotes' parcel pre-renderers.
 */
export function frontPageStateWith(shell: ShellContextValue, remoteId: string, summary: unknown): InitialState {
  const state = { firstName: 'Mikko', summaries: summary === undefined ? {} : { [remoteId]: summary } };
  return initialStateFor(shell, { routeId: 'front-page', params: {}, state });
}

/**
 * A remote's front-page summary both ways: as the server renders it (the remote's `renderParcel`,
 * its HTML in the document and whether it is complete) and as its `./summary` parcel renders it
 * when the front page mounts it (`mount`, e.g. with mountRemoteParcel), for comparing the two.
 */
export async function summaryBothWays(options: {
  renderParcel: ParcelPrerenderer;
  remoteId: string;
  shell: ShellContextValue;
  summary: unknown;
  mount: () => Promise<{ host: HTMLElement }>;
}): Promise<{ server: HTMLElement; complete: boolean; browserHtml: string }> {
  const { renderParcel, remoteId, shell, summary, mount } = options;
  const prerendered = renderParcel({ state: frontPageStateWith(shell, remoteId, summary), url: `/${shell.lang}`, exposed: './summary' });
  if (prerendered === null) throw new Error(`${remoteId} pre-rendered no summary`);
  const server = serverHtmlInDocument(prerendered.html);
  const { host } = await mount();
  return { server, complete: prerendered.complete, browserHtml: host.innerHTML };
}
