import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, type Lang } from '@portal/shared-i18n';

/** Renders inside an IntlProvider with the common catalogue, as the shell and remotes do. */
export function renderWithIntl(ui: ReactElement, { lang = 'en', ...options }: RenderOptions & { lang?: Lang } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={lang} messages={createIntlMessages(lang)} onError={(error) => { throw error; }}>
      {children}
    </IntlProvider>
  );
  return render(ui, { wrapper, ...options });
}
