import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, LOCALES, type Catalogue } from '@portal/shared-i18n';
import { ShellProvider, type ShellContextValue } from '../shell-context';

export interface RemoteProvidersProps {
  shell: ShellContextValue;
  /** the remote's own texts, at least in the shell's language; the common catalogue is always included */
  messages: Partial<Catalogue>;
  children: ReactNode;
}

/** The shell's context and the texts (common + the remote's) in the shell's language: the root of every page and parcel. */
export function RemoteProviders({ shell, messages, children }: RemoteProvidersProps) {
  return (
    <ShellProvider value={shell}>
      <IntlProvider locale={LOCALES[shell.lang]} defaultLocale="fi" messages={createIntlMessages(shell.lang, messages)}>
        {children}
      </IntlProvider>
    </ShellProvider>
  );
}
