import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { HealthcareType } from '@portal/shared-api';
import { LANGUAGES, type RouteId } from '@portal/shared-i18n';
import { usePageState, useShell } from '@portal/shared-ui';
import { QueryLink, withQueryString } from '../../components/search-link/QueryLink';
import { SearchPageFrame } from '../../components/search-page/SearchPageFrame';
import styles from './LandingPage.module.css';

const listRoutes: Record<HealthcareType, RouteId> = {
  private: 'booking.private-list',
  insurance: 'booking.insurance-list',
  occupational: 'booking.occupational-list',
};

/** The language names are written in their own language (a visitor looks for their own). */
const languageNames = { fi: 'Suomeksi', sv: 'På svenska', en: 'In English' } as const;

/**
 * booking.landing (spec part 2 §2.1): choose private, insurance or occupational (occupational only on
 * the adult brand); each choice leads to its list with the query string carried over, and is
 * reported as the customerTypeChosen analytics event. The page links to itself in the other two
 * languages (the shell switches language by the path).
 */
export function LandingPage() {
  const intl = useIntl();
  const shell = useShell();
  const location = useLocation();
  const { page, retry } = usePageState('booking.landing');
  // The spec skips the event "in some cases": a visitor who arrives with a query string came from an
  // app deep link, whose app already reported the choice; only a choice made on this page is reported.
  const [arrivedWithQuery] = useState(() => location.search.length > 1);
  const title = intl.formatMessage({ id: 'booking.landing.title' });
  return (
    <SearchPageFrame title={title} page={page} retry={retry} breadcrumbs={false}>
      {(state) => {
        const types = state.customerTypes.filter((type) => type !== 'occupational' || shell.brand === 'adult');
        return (
          <>
            <p className={styles.intro}>{intl.formatMessage({ id: 'booking.landing.intro' })}</p>
            <ul className={`${styles.choices} portal-grid-m`}>
              {types.map((type) => (
                <li key={type} className="portal-flex">
                  <QueryLink
                    className={styles.choiceLink}
                    href={withQueryString(shell.href(listRoutes[type]), location.search)}
                    onFollow={() => {
                      if (!arrivedWithQuery) shell.analytics.push('customerTypeChosen', { healthcareType: type });
                    }}
                  >
                    <span className={`${styles.choiceTitle} portal-text-link portal-title-l portal-bold`}>{intl.formatMessage({ id: `booking.landing.${type}.title` })}</span>
                    <span className="portal-muted">{intl.formatMessage({ id: `booking.landing.${type}.text` })}</span>
                  </QueryLink>
                </li>
              ))}
            </ul>
            <nav aria-label={intl.formatMessage({ id: 'booking.landing.languages' })}>
              <ul className={`${styles.languages} portal-row portal-gap-m portal-plain-list`}>
                {LANGUAGES.filter((lang) => lang !== shell.lang).map((lang) => (
                  <li key={lang}>
                    <a href={withQueryString(shell.href('booking.landing', {}, lang), location.search)} lang={lang} hrefLang={lang}>
                      {languageNames[lang]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </>
        );
      }}
    </SearchPageFrame>
  );
}
