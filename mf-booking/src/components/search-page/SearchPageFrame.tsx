import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { ErrorView, PageHeading, Spinner, useShell, type PageData } from '@portal/shared-ui';
import { QueryLink, withQueryString } from '../search-link/QueryLink';
import styles from './SearchPageFrame.module.css';

/** Breadcrumbs of a booking page: the booking landing (with the page's query string) → this page. */
export function BookingBreadcrumbs({ current }: { current: string }) {
  const intl = useIntl();
  const shell = useShell();
  const location = useLocation();
  return (
    <nav aria-label={intl.formatMessage({ id: 'booking.search.breadcrumbs' })} className={styles.breadcrumbs}>
      <ol>
        <li>
          <QueryLink href={withQueryString(shell.href('booking.landing'), location.search)}>{intl.formatMessage({ id: 'booking.landing.title' })}</QueryLink>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

/**
 * A full-width booking page fed by its loader: breadcrumbs, the h1 (focused by the page frame, and
 * kept focused through a retry), then loading, a failed load with a retry, or the content.
 */
export function SearchPageFrame<T>({
  title,
  page,
  retry,
  breadcrumbs = true,
  children,
}: {
  title: string;
  page: PageData<T>;
  retry(): void;
  breadcrumbs?: boolean;
  children(data: T): ReactNode;
}) {
  const heading = useRef<HTMLDivElement>(null);
  const retryKeepingFocus = () => {
    heading.current?.querySelector('h1')?.focus();
    retry();
  };
  return (
    <div className={styles.page}>
      {breadcrumbs && <BookingBreadcrumbs current={title} />}
      <div ref={heading}>
        <PageHeading className={styles.title}>{title}</PageHeading>
      </div>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retryKeepingFocus} />
        </div>
      )}
      {page.status === 'ready' && children(page.data)}
    </div>
  );
}
