import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, LOCALES } from '@portal/shared-i18n';
import { ShellProvider, type ShellContextValue } from '@portal/shared-ui';
import { messagingMessages } from '../messages';
import { MessagingClientProvider } from '../api/messaging-client-context';
import { createShellMessagingClient } from '../api/create-shell-messaging-client';

/** Shell context, texts (common + messaging) and the GraphQL client: the root of the app and of the parcel. */
export function MessagingProviders({ shell, children }: { shell: ShellContextValue; children: ReactNode }) {
  const client = useMemo(() => createShellMessagingClient(shell), [shell]);
  return (
    <ShellProvider value={shell}>
      <IntlProvider locale={LOCALES[shell.lang]} defaultLocale="fi" messages={createIntlMessages(shell.lang, messagingMessages)}>
        <MessagingClientProvider client={client}>{children}</MessagingClientProvider>
      </IntlProvider>
    </ShellProvider>
  );
}
