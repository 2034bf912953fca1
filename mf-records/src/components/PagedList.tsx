import type { ReactNode } from 'react';
import { Timeline } from './Timeline';
import { Pagination } from '@portal/shared-ui';
import { usePagination } from './usePagination';

/** A timeline of a complete list, 10 items per page with the pagination under it. */
export function PagedTimeline<T>({
  items,
  label,
  paginationLabel,
  renderItem,
}: {
  items: readonly T[];
  label?: string;
  /** names the page navigation when a page has several paged lists (default 'Pagination') */
  paginationLabel?: string;
  renderItem(item: T): ReactNode;
}) {
  const { page, pageCount, setPage, pageItems } = usePagination(items);
  return (
    <>
      <Timeline label={label}>{pageItems.map(renderItem)}</Timeline>
      <Pagination currentPage={page} totalPages={pageCount} onPageChange={setPage} label={paginationLabel} />
    </>
  );
}
