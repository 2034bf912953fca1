import { useRef, type ReactNode } from 'react';
import type { RouteId } from '@portal/shared-i18n';
import { BackLink, ErrorView, type PageData, Spinner } from '@portal/shared-ui';
import styles from './DetailPage.module.css';

/**
 * The frame of the records' detail pages (laboratory result, imaging result, referrals): a back link
 * to the list, one h1 (focused by the page frame when the page opens, kept focused through a retry;
 * its text follows the state), optional actions beside it, then loading, error (with retry) or the
 * content.
 */
export function DetailPage<T>({
  title,
  back,
  page,
  retry,
  actions,
  className,
  children,
}: {
  title: string;
  back: { routeId: RouteId; label: string };
  page: PageData<T>;
  retry(): void;
  /** beside the title, e.g. the print button */
  actions?: ReactNode;
  className?: string;
  children(data: T): ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className={`portal-page-column portal-page-column--wide ${className ?? ''}`.trim()}>
      <BackLink routeId={back.routeId}>{back.label}</BackLink>
      <div className="portal-items-start portal-justify-between portal-form-actions portal-mb-m">
        <h1 ref={heading} tabIndex={-1} className={`${styles.title} portal-wrap-anywhere portal-m0`}>
          {title}
        </h1>
        {actions}
      </div>
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
      {page.status === 'ready' && children(page.data)}
    </section>
  );
}
