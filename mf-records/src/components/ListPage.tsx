import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, ErrorView, Spinner } from '@portal/shared-ui';
import type { PageData } from '@portal/shared-ui';
import styles from './ListPage.module.css';

/**
 * The layout of every list page: the h1 (focused by the page frame when the page opens, and kept
 * focused through a retry), then loading, error (with retry), empty or the content.
 */
export function ListPage<T>({
  titleId,
  emptyId,
  page,
  retry,
  isEmpty,
  children,
}: {
  titleId: string;
  emptyId: string;
  page: PageData<T>;
  retry(): void;
  isEmpty(data: T): boolean;
  children(data: T): ReactNode;
}) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="portal-page-column portal-page-column--wide">
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {intl.formatMessage({ id: titleId })}
      </h1>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView
            onRetry={() => {
              // the retry button disappears with the error: keep focus on the page instead of losing it
              heading.current?.focus();
              retry();
            }}
          />
        </div>
      )}
      {page.status === 'ready' &&
        (isEmpty(page.data) ? <EmptyState text={intl.formatMessage({ id: emptyId })} /> : children(page.data))}
    </section>
  );
}
