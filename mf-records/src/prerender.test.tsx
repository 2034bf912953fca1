import { within } from '@testing-library/react';
import { initialStateFor, remoteTestKit, serverHtmlInDocument, withoutReactIds } from '@portal/shared-ui/test-utils';
import type { RouteDefinitionInput } from '@portal/shared-api';
import routes from '../routes.json';
import * as app from './app';
import { render as prerender } from './prerender';
import { recordsRemote } from './remote';
import { createFakeShell, pageState } from '../test/shell-fake';
import { visitsState } from '../test/fixtures';
import { laboratoryResultState } from '../test/lab-fixtures';

// Issue 31: the server's HTML of the visits list and of a laboratory result is the markup the
// remote's ./app renders first with the same page state, so the first paint is the page and the
// remote's mount changes nothing.

const kit = remoteTestKit(recordsRemote, routes as RouteDefinitionInput[]);

async function bothRenders(routeId: 'records.visits' | 'records.laboratory-result', url: string, state: unknown, params: Record<string, string> = {}) {
  const lang = url.slice(1, 3) as 'fi' | 'sv' | 'en';
  const page = pageState(routeId, state, params);
  const shell = createFakeShell({ lang });
  const html = prerender({ state: initialStateFor(shell, page), url });
  if (html === null) throw new Error(`no pre-rendered page for ${url}`);
  const server = serverHtmlInDocument(html);
  shell.takeInitialPageState.mockReturnValue(page);
  const { host } = await kit.mountApp(app, shell, url);
  // the ids React gives (useId) differ between the two renders: the remote's replaces the server's, no hydration
  return { server: withoutReactIds(server.innerHTML.replace(` data-prerendered="${routeId}"`, '')), page: within(server), browserHtml: withoutReactIds(host.innerHTML) };
}

describe('pre-rendered records pages', () => {
  test.each(['/fi/kaynnit', '/sv/besoken', '/en/visits'])('%s: the visits list, as the remote renders it', async (url) => {
    const { server, page, browserHtml } = await bothRenders('records.visits', url, visitsState);
    expect(server).toBe(browserHtml);
    expect(page.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(page.getByRole('listitem')).toHaveTextContent('Anna Lääkäri');
  });

  test.each(['/fi/laboratoriotulos/2026-04-02', '/en/laboratoryresult/2026-04-02'])('%s: the laboratory result, as the remote renders it', async (url) => {
    const { server, page, browserHtml } = await bothRenders('records.laboratory-result', url, laboratoryResultState, { date: '2026-04-02' });
    expect(server).toBe(browserHtml);
    expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('2026');
  });

  test('renders nothing for a page it does not pre-render', () => {
    const shell = createFakeShell({ lang: 'en' });
    expect(prerender({ state: initialStateFor(shell, pageState('records.visits', visitsState)), url: '/en/prescriptions' })).toBeNull();
  });
});
