import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import type { OccupationalListState } from '@portal/shared-api';
import { Alert, ErrorView, LinkButton, usePageState, useShell } from '@portal/shared-ui';
import { QueryLink, withQueryString } from '../../components/search-link/QueryLink';
import { SearchPageFrame } from '../../components/search-page/SearchPageFrame';
import { SearchView } from '../private-list/SearchView';
// the list pages' stylesheet: this page is the private list's search with the contract's statuses
import styles from '../private-list/AppointmentListPage.module.css';

/** The occupational list's statuses other than ok (spec part 2 §2.1, §8 "Search and occupational"). */
function OccupationalStatus({ state, retry }: { state: Exclude<OccupationalListState, { status: 'ok' }>; retry(): void }) {
  const intl = useIntl();
  const shell = useShell();
  const location = useLocation();
  switch (state.status) {
    case 'unknown-error':
      return (
        <div role="alert">
          <ErrorView
            title={intl.formatMessage({ id: 'booking.search.failure.title' })}
            text={intl.formatMessage({ id: 'booking.search.failure.text' })}
            retryLabel={intl.formatMessage({ id: 'booking.search.failure.retry' })}
            onRetry={retry}
          />
        </div>
      );
    case 'no-occupational-healthcare': {
      const privateHref = withQueryString(shell.href('booking.private-list'), location.search);
      return (
        <div className={`${styles.status} portal-grid-m`}>
          <Alert variant="warning" announce={false}>
            <p>{intl.formatMessage({ id: 'booking.occupational.noAgreement' })}</p>
            <p>
              <QueryLink href={privateHref}>{intl.formatMessage({ id: 'booking.occupational.privateLink' })}</QueryLink>
            </p>
          </Alert>
          <LinkButton href={privateHref} onNavigate={shell.navigate}>
            {intl.formatMessage({ id: 'booking.occupational.bookAsPrivate' })}
          </LinkButton>
        </div>
      );
    }
    case 'no-web-reservation': {
      const phone = state.customerServicePhone;
      const phoneLink = <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>;
      return (
        <div className={`${styles.status} portal-grid-m`}>
          <Alert variant="info" announce={false}>
            {state.phoneBookingContent === 'special' ? (
              <>
                <p className="portal-bold">{intl.formatMessage({ id: 'booking.occupational.special.title' })}</p>
                <p>{intl.formatMessage({ id: 'booking.occupational.special.text' }, { phone: phoneLink })}</p>
              </>
            ) : (
              <p>{intl.formatMessage({ id: 'booking.occupational.noWebReservation' }, { phone: phoneLink })}</p>
            )}
          </Alert>
        </div>
      );
    }
  }
}

/**
 * booking.occupational-list (spec part 2 §2.1, logged in, adult brand): the search UI for a contract
 * with web reservation, where the address is replaced (not pushed) when the filter changes; otherwise
 * the status's message.
 */
export function OccupationalListPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('booking.occupational-list');
  return (
    <SearchPageFrame title={intl.formatMessage({ id: 'booking.search.title.occupational' })} page={page} retry={retry}>
      {(state) =>
        state.status === 'ok' ? (
          <>
            <p className={styles.intro}>{intl.formatMessage({ id: 'booking.occupational.intro' })}</p>
            <SearchView state={state.search} historyMode="replace" />
          </>
        ) : (
          <OccupationalStatus state={state} retry={retry} />
        )
      }
    </SearchPageFrame>
  );
}
