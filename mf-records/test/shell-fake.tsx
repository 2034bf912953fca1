import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Lang, RouteDefinitionInput } from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';
import { createFakeShell as createShell, routeTableFor, type FakeShell } from '@portal/shared-ui/test-utils';
import recordsRoutes from '../routes.json';
import { RecordsProviders } from '../src/components/RecordsProviders';

export { pageState, type FakeShell } from '@portal/shared-ui/test-utils';

/** The composed route table as the server would give it: the front page plus this remote's routes.json. */
export const routeTable = routeTableFor('mf-records', recordsRoutes as RouteDefinitionInput[]);

export function createFakeShell(overrides: Partial<ShellContextValue> & { lang?: Lang } = {}): FakeShell {
  return createShell(routeTable, { features: ['prescription-renewal'], ...overrides });
}

/** Renders a page inside the remote's providers and a router at `path` (default: the language root). */
export function renderWithShell(ui: ReactElement, shell: ShellContextValue = createFakeShell(), path = `/${shell.lang}`) {
  return {
    shell,
    ...render(
      <RecordsProviders shell={shell}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </RecordsProviders>,
    ),
  };
}
