import type { ReactElement } from 'react';
import type { RecordsSummary, RouteDefinitionInput } from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';
import { recordsPageStates } from '@portal/shared-api';
import { mountRemoteParcel, remoteTestKit } from '@portal/shared-ui/test-utils';
import recordsRoutes from '../routes.json';
import * as app from '../src/app';
import * as summaryParcel from '../src/parcels/summary';
import { recordsRemote } from '../src/remote';

export { pageState, type FakeShell } from '@portal/shared-ui/test-utils';

const kit = remoteTestKit({ ...recordsRemote, pageStates: recordsPageStates }, recordsRoutes as RouteDefinitionInput[], { features: ['prescription-renewal'] });

/** The composed route table as the server would give it, and fake shells on it (prescription renewal on). */
export const { routeTable, createFakeShell } = kit;

/** Renders a page as the remote's app does (providers, page frame) under a router at `path` (default: the language root). */
export function renderWithShell(ui: ReactElement, shell: ShellContextValue = createFakeShell(), path?: string) {
  return { shell, ...kit.renderPage(ui, shell, path) };
}

/** Mounts the remote's `./app` as the shell does, with the browser at `path`. */
export function mountRecordsApp(shell: ShellContextValue, path: string) {
  return kit.mountApp(app, shell, path);
}

/** Mounts the remote's `./summary` parcel as the front page does, with its summary (undefined: its loader failed). */
export function mountSummaryParcel(shell: ShellContextValue, summary: RecordsSummary | undefined) {
  return mountRemoteParcel(summaryParcel, { shell, summary });
}
