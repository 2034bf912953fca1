import type { ReactElement } from 'react';
import { messagingPageStates } from '@portal/shared-api';
import { Route, Routes } from 'react-router-dom';
import type { MessagingSummary, RouteDefinitionInput } from '@portal/shared-api';
import type { MockMessagingClient } from '@portal/shared-api/mock';
import type { ShellContextValue } from '@portal/shared-ui';
import { mountRemoteParcel, remoteTestKit, type FakeShell } from '@portal/shared-ui/test-utils';
import messagingRoutes from '../routes.json';
import * as summaryParcel from '../src/parcels/summary';
import { messagingRemote } from '../src/remote';

export { pageState, type FakeShell } from '@portal/shared-ui/test-utils';

const kit = remoteTestKit({ ...messagingRemote, pageStates: messagingPageStates }, messagingRoutes as RouteDefinitionInput[]);

/** The composed route table as the server would give it, and fake shells on it. */
export const { routeTable, createFakeShell } = kit;

export interface RenderOptions {
  shell?: FakeShell;
  /** the shell's messaging client for this test (default: the fake shell's own mock) */
  client?: MockMessagingClient;
  /** the browser path, e.g. '/en/conversations/12' (default: the language root) */
  path?: string;
  /** a react-router pattern for `path`, so the page can read its params, e.g. 'conversations/:id' */
  routePath?: string;
}

/**
 * Renders as the remote's app does (providers, page frame; the GraphQL client from the shell) under
 * a router at `path`, as the app does under the basename '/{lang}'.
 */
export function renderWithShell(ui: ReactElement, options: RenderOptions = {}) {
  const shell = options.shell ?? createFakeShell();
  if (options.client) shell.messaging = options.client;
  const routed = options.routePath ? (
    <Routes>
      <Route path={`/${shell.lang}/${options.routePath}`} element={ui} />
    </Routes>
  ) : (
    ui
  );
  return { shell, client: shell.messaging, ...kit.renderPage(routed, shell, options.path) };
}

/** Mounts the remote's `./summary` parcel as the front page does, with its summary (undefined: it could not be loaded). */
export function mountSummaryParcel(shell: ShellContextValue, summary: MessagingSummary | undefined) {
  return mountRemoteParcel(summaryParcel, { shell, summary });
}
