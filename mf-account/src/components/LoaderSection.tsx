import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PageStateOf, RouteWithState } from '@portal/shared-api';
import { ErrorView, Spinner, usePageState } from '@portal/shared-ui';

export interface LoaderSectionProps<R extends RouteWithState> {
  /** the page whose loader gives this section its state */
  routeId: R;
  titleId: string;
  className?: string;
  titleClassName?: string;
  children(data: PageStateOf<R>): ReactNode;
}

/**
 * A titled section that reads one page's loader state (loading, error with a retry, ready): what a
 * parcel shows inline on another remote's page, where the section is not the page and so has an h2
 * and an h3-level error view.
 */
export function LoaderSection<R extends RouteWithState>({ routeId, titleId, className, titleClassName, children }: LoaderSectionProps<R>) {
  const intl = useIntl();
  const headingId = useId();
  const { page, retry } = usePageState(routeId);
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={titleClassName}>
        {intl.formatMessage({ id: titleId })}
      </h2>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView headingLevel={3} onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && children(page.data)}
    </section>
  );
}
