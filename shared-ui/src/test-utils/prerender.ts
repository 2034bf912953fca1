import type { InitialState, PageState } from '@portal/shared-api';
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
  return html.replace(/="_[\w-]*[rR]_[0-9a-z]+_"/g, '="(react id)"');
}
