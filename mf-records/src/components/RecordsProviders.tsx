import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, LOCALES } from '@portal/shared-i18n';
import { ShellProvider, type ShellContextValue } from '@portal/shared-ui';
import { recordsMessages } from '../messages';

/** Shell context and texts (common + records) in the shell's language: the root of the app and of every parcel. */
export function RecordsProviders({ shell, children }: { shell: ShellContextValue; children: ReactNode }) {
  return (
    <ShellProvider value={shell}>
      <IntlProvider locale={LOCALES[shell.lang]} defaultLocale="fi" messages={createIntlMessages(shell.lang, recordsMessages)}>
        {children}
      </IntlProvider>
    </ShellProvider>
  );
}
