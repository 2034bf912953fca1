import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, LOCALES, type Catalogue } from '@portal/shared-i18n';
import type { PageStateSchemas } from '@portal/shared-api';
import { ShellProvider, type ShellContextValue } from '../shell-context';
import { PageStatesProvider } from './page-states';

export interface RemoteProvidersProps {
  shell: ShellContextValue;
  /** the remote's own texts, at least in the shell's language; the common catalogue is always included */
  messages: Partial<Catalogue>;
  /** the page state schemas of the part's routes (usePageState reads them); none for a parcel that loads no page state */
  pageStates?: PageStateSchemas;
  children: ReactNode;
}

/** The shell's context, the texts (common + the remote's) in the shell's language and the part's page state schemas: the root of every page and parcel. */
export function RemoteProviders({ shell, messages, pageStates = {}, children }: RemoteProvidersProps) {
  return (
    <ShellProvider value={shell}>
      <IntlProvider locale={LOCALES[shell.lang]} defaultLocale="fi" messages={createIntlMessages(shell.lang, messages)}>
        <PageStatesProvider pageStates={pageStates}>{children}</PageStatesProvider>
      </IntlProvider>
    </ShellProvider>
  );
}
