import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, type Catalogue, type Lang } from '@portal/shared-i18n';
import { importEveryLanguage } from '@portal/shared-ui/test-utils';
import { buildCustomerUser, buildHrUser, buildProfessional } from '../../test/fixtures';
import { messagingRemote } from '../remote';
import { fullNameWithTitle, useAuthorName } from './author-name';

let texts: Catalogue;
beforeAll(async () => {
  texts = await importEveryLanguage(messagingRemote.messages);
});

function authorName(lang: Lang) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={lang} messages={createIntlMessages(lang, texts)}>
      {children}
    </IntlProvider>
  );
  return renderHook(() => useAuthorName(), { wrapper }).result.current;
}

describe('author names', () => {
  test.each([
    ['fi', 'Sinä'],
    ['sv', 'Du'],
    ['en', 'You'],
  ] as const)('the customer is "you" in %s', (lang, you) => {
    expect(authorName(lang)(buildCustomerUser())).toBe(you);
  });

  test('others are "First Last, Title", without the title when there is none', () => {
    const name = authorName('en');
    expect(name(buildProfessional())).toBe('Anna Lääkäri, Yleislääkäri');
    expect(name(buildProfessional({ title: null }))).toBe('Anna Lääkäri');
    expect(name(buildProfessional({ title: '  ' }))).toBe('Anna Lääkäri');
    expect(name(buildHrUser({ title: 'HR' }))).toBe('Helena Henkilöstö, HR');
  });

  test('fullNameWithTitle leaves out empty name parts', () => {
    expect(fullNameWithTitle({ firstName: '', lastName: 'Lääkäri', title: null })).toBe('Lääkäri');
  });
});
