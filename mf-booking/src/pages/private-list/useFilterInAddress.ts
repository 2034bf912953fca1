import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchFilter } from '@portal/shared-api';
import type { IsoDate } from '@portal/shared-i18n';
import { filterFromSearchParams, filterToSearchParams } from './filter-rules';

/**
 * The search filter lives in the address (spec part 2 §2.1: shareable, back and forward work): it is
 * read from the query on every render, so the page follows the browser's back and forward (popstate)
 * as the router reports them. A change pushes a history entry, or replaces the current one (the
 * occupational list: "the URL is replaced when the filter changes").
 */
export function useFilterInAddress(
  today: IsoDate,
  mode: 'push' | 'replace',
  /** the specialties the page offers: another one in the address is dropped, as the page's loader drops it */
  offeredSpecialtyIds: readonly string[],
): { filter: SearchFilter; filterKey: string; setFilter(next: SearchFilter | ((current: SearchFilter) => SearchFilter)): void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const offered = offeredSpecialtyIds.join(',');
  const read = useCallback(
    (params: URLSearchParams) => {
      const parsed = filterFromSearchParams(params, today);
      const ids = offered.split(',');
      return { ...parsed, specialtyIds: parsed.specialtyIds.filter((id) => ids.includes(id)) };
    },
    [offered, today],
  );
  const filter = useMemo(() => read(new URLSearchParams(search)), [read, search]);
  const filterKey = useMemo(() => filterToSearchParams(filter, today).toString(), [filter, today]);
  /** A function is applied to the address's filter at the time of the change (for answers that arrive later). */
  const setFilter = useCallback(
    (next: SearchFilter | ((current: SearchFilter) => SearchFilter)) => {
      setSearchParams((current) => filterToSearchParams(typeof next === 'function' ? next(read(current)) : next, today, current), {
        replace: mode === 'replace',
        preventScrollReset: true,
      });
    },
    [mode, read, setSearchParams, today],
  );
  return { filter, filterKey, setFilter };
}
