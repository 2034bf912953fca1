import { useState } from 'react';

export const PAGE_SIZE = 10;

/** Client-side pages of a complete list (10 per page, spec part 1 §9). */
export function usePagination<T>(items: readonly T[], pageSize = PAGE_SIZE) {
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const page = Math.min(requestedPage, pageCount);
  return {
    page,
    pageCount,
    setPage,
    pageItems: items.slice((page - 1) * pageSize, page * pageSize),
  };
}
