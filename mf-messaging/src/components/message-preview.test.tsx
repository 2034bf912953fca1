import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { createIntlMessages, type Catalogue, type Lang } from '@portal/shared-i18n';
import { importEveryLanguage } from '@portal/shared-ui/test-utils';
import { buildDeletedMessage, buildMessage } from '../../test/fixtures';
import { messagingRemote } from '../remote';
import { oneLine, PREVIEW_MAX_LENGTH, useMessagePreview } from './message-preview';

let texts: Catalogue;
beforeAll(async () => {
  texts = await importEveryLanguage(messagingRemote.messages);
});

function preview(lang: Lang) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={lang} messages={createIntlMessages(lang, texts)}>
      {children}
    </IntlProvider>
  );
  return renderHook(() => useMessagePreview(), { wrapper }).result.current;
}

describe('message preview', () => {
  test.each([
    ['en', 'This message has been deleted.'],
    ['fi', 'Tämä viesti on poistettu.'],
    ['sv', 'Det här meddelandet har raderats.'],
  ] as const)('a deleted message in %s', (lang, text) => {
    expect(preview(lang)(buildDeletedMessage({ content: 'was here' }))).toEqual({ text, deleted: true });
  });

  test('one line, cut with an ellipsis', () => {
    expect(preview('en')(buildMessage({ content: 'Hello\n\n  there ' }))).toEqual({ text: 'Hello there', deleted: false });
    const long = oneLine('x'.repeat(500));
    expect(long).toHaveLength(PREVIEW_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });

  test('attachments only: how many', () => {
    const attachment = { id: 'a', fileName: 'a.pdf', contentType: 'application/pdf' };
    expect(preview('fi')(buildMessage({ content: '', attachments: [attachment] })).text).toBe('1 liite');
    expect(preview('en')(buildMessage({ content: '', attachments: [attachment, attachment] })).text).toBe('2 attachments');
  });
});
