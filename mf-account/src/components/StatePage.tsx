import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorView, Spinner, type PageData } from '@portal/shared-ui';
import styles from './StatePage.module.css';

/**
 * A page whose content comes from its loader's state: the h1 (the page frame focuses it when the page
 * arrives, and it keeps focus through a retry), then loading, a failed load with a retry, the
 * "temporarily unavailable" error page with a retry when `unavailable(state)` says so (spec part 2 §8's
 * temporary API error), or the content. Used by the team, sickness fund, children's chat and help pages.
 */
export function StatePage<T>({
  title,
  page,
  retry,
  unavailable,
  children,
}: {
  title: string;
  page: PageData<T>;
  retry(): void;
  unavailable?(state: T): boolean;
  children(data: T): ReactNode;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const retryKeepingFocus = () => {
    // the retry button goes away with the error: keep focus on the page instead of losing it
    heading.current?.focus();
    retry();
  };
  return (
    <section className="portal-page-column portal-page-column--wide">
      <h1 ref={heading} tabIndex={-1} className={`${styles.title} portal-mb-m portal-wrap-anywhere`}>
        {title}
      </h1>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retryKeepingFocus} />
        </div>
      )}
      {page.status === 'ready' &&
        (unavailable?.(page.data) ? (
          <div role="alert">
            <ErrorView
              title={intl.formatMessage({ id: 'common.error.sectionUnavailable' })}
              text={intl.formatMessage({ id: 'common.error.generic' })}
              onRetry={retryKeepingFocus}
            />
          </div>
        ) : (
          children(page.data)
        ))}
    </section>
  );
}
