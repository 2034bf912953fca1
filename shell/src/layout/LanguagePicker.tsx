import { useIntl } from 'react-intl';
import type { Lang } from '@portal/shared-api';
import { LANGUAGES, switchLanguagePath } from '@portal/shared-i18n';
import { useLocationSnapshot, useRuntime } from '../app/runtime';

/** The other two languages in upper case (spec part 1 §1), each linking to the same page in that language. */
export function LanguagePicker() {
  const intl = useIntl();
  const { state, routes } = useRuntime();
  const location = useLocationSnapshot();
  const current = `${location.pathname}${location.search}${location.hash}`;
  const others = LANGUAGES.filter((lang): lang is Lang => lang !== state.lang);
  return (
    <nav className="shell-languages" aria-label={intl.formatMessage({ id: 'shell.header.languages' })}>
      <ul>
        {others.map((lang) => (
          <li key={lang}>
            <a
              href={switchLanguagePath(routes, current, lang)}
              hrefLang={lang}
              lang={lang}
              // The visible code comes first so speech-input users can say what they see (WCAG 2.5.3).
              aria-label={`${lang.toUpperCase()}, ${intl.formatMessage({ id: `shell.language.${lang}` })}`}
            >
              {lang.toUpperCase()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
