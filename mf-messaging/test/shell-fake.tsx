import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { IntlProvider } from 'react-intl';
import type { Lang, MessagingClient, RouteDefinitionInput } from '@portal/shared-api';
import { createMockMessagingClient } from '@portal/shared-api/mock';
import { createIntlMessages, LOCALES } from '@portal/shared-i18n';
import { ShellProvider, type ShellContextValue } from '@portal/shared-ui';
import { createFakeShell as createShell, routeTableFor, type FakeShell } from '@portal/shared-ui/test-utils';
import messagingRoutes from '../routes.json';
import { MessagingClientProvider } from '../src/api/messaging-client-context';
import { messagingMessages } from '../src/messages';

export { pageState, type FakeShell } from '@portal/shared-ui/test-utils';

/** The composed route table as the server would give it: the front page plus this remote's routes.json. */
export const routeTable = routeTableFor('mf-messaging', messagingRoutes as RouteDefinitionInput[]);

export function createFakeShell(overrides: Partial<ShellContextValue> & { lang?: Lang } = {}): FakeShell {
  return createShell(routeTable, overrides);
}

export interface RenderOptions {
  shell?: ShellContextValue;
  client?: MessagingClient;
  /** the browser path, e.g. '/en/conversations/12' (default: the language root) */
  path?: string;
  /** a react-router pattern for `path`, so the page can read its params, e.g. 'conversations/:id' */
  routePath?: string;
}

/**
 * Renders inside the remote's providers (shell, texts, the given GraphQL client — a mock by default)
 * and a router at `path`, as the app does under the basename '/{lang}'.
 */
export function renderWithShell(ui: ReactElement, options: RenderOptions = {}) {
  const shell = options.shell ?? createFakeShell();
  const client = options.client ?? createMockMessagingClient();
  const path = options.path ?? `/${shell.lang}`;
  const routed = options.routePath ? (
    <Routes>
      <Route path={`/${shell.lang}/${options.routePath}`} element={ui} />
    </Routes>
  ) : (
    ui
  );
  return {
    shell,
    client,
    ...render(
      <ShellProvider value={shell}>
        <IntlProvider locale={LOCALES[shell.lang]} defaultLocale="fi" messages={createIntlMessages(shell.lang, messagingMessages)}>
          <MessagingClientProvider client={client}>
            <MemoryRouter initialEntries={[path]}>{routed}</MemoryRouter>
          </MessagingClientProvider>
        </IntlProvider>
      </ShellProvider>,
    ),
  };
}
