import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { PageHeading, PageLoadStatus, type PageData } from '@portal/shared-ui';

export interface ReservationPageFrameProps<T> {
  page: PageData<T>;
  retry(): void;
  className?: string | undefined;
  /** the page's answer once loaded */
  children(data: T): ReactNode;
}

/** Both reservation pages' frame: the heading, then loading, the error with a retry, or the loaded state. */
export function ReservationPageFrame<T>({ page, retry, className, children }: ReservationPageFrameProps<T>) {
  const intl = useIntl();
  return (
    <div className={className}>
      <PageHeading>{intl.formatMessage({ id: 'booking.reservation.title' })}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && children(page.data)}
    </div>
  );
}
