import type { ReactElement } from 'react';
import type { RouteDefinitionInput } from '@portal/shared-api';
import { bookingPageStates } from '@portal/shared-api';
import { remoteTestKit, type FakeShell } from '@portal/shared-ui/test-utils';
import routes from '../routes.json';
import { bookingRemote } from '../src/remote';

export { pageState, type FakeShell } from '@portal/shared-ui/test-utils';

const kit = remoteTestKit({ ...bookingRemote, pageStates: bookingPageStates }, routes as RouteDefinitionInput[]);

/** The composed route table as the server would give it, and fake shells on it. */
export const { routeTable, createFakeShell } = kit;

/** Renders as the remote's app does (providers, page frame) under a router at `path` (default: the language root). */
export function renderWithShell(ui: ReactElement, shell: FakeShell = createFakeShell(), path?: string) {
  return { shell, ...kit.renderPage(ui, shell, path) };
}
