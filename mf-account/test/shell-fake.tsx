import type { ReactElement } from 'react';
import type { RouteDefinitionInput } from '@portal/shared-api';
import { accountPageStates } from '@portal/shared-api';
import { remoteTestKit, type FakeShell } from '@portal/shared-ui/test-utils';
import routes from '../routes.json';
import { accountRemote } from '../src/remote';

export { pageState, type FakeShell } from '@portal/shared-ui/test-utils';

const kit = remoteTestKit({ ...accountRemote, pageStates: accountPageStates }, routes as RouteDefinitionInput[]);

/** The composed route table as the server would give it, and fake shells on it. */
export const { routeTable, createFakeShell } = kit;

/** Renders as the remote's app does (providers, page frame) under a router at `path` (default: the language root). */
export function renderWithShell(ui: ReactElement, shell: FakeShell = createFakeShell(), path?: string) {
  return { shell, ...kit.renderPage(ui, shell, path) };
}

/** The booking remote's landing as the composed table lists it where that remote is deployed. */
export const bookingLandingRoute = {
  ...routeTable[0]!,
  id: 'booking.landing',
  owner: 'mf-booking',
  paths: { fi: 'ajanvaraus', sv: 'tidsbokning', en: 'booking' },
  kind: 'anonymous' as const,
  menu: undefined,
};
