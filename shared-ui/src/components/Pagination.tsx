import { useIntl } from 'react-intl';
import { paginationWindow } from './pagination-window';
import './Pagination.css';

export interface PaginationProps {
  /** 1-based */
  currentPage: number;
  totalPages: number;
  onPageChange(page: number): void;
  /** pages shown either side of the current one; default 1 */
  radius?: number;
  /** names the navigation when a page has several; default 'Pagination' */
  label?: string;
}

/** Page navigation: previous, first, a window around the current page, last, next. Hidden with one page. */
export function Pagination({ currentPage, totalPages, onPageChange, radius = 1, label }: PaginationProps) {
  const intl = useIntl();
  if (totalPages <= 1) return null;
  const pageLabel = (page: number) => intl.formatMessage({ id: 'common.pagination.page' }, { page });
  return (
    <nav className="portal-pagination" aria-label={label ?? intl.formatMessage({ id: 'common.pagination.label' })}>
      <ul className="portal-pagination__list">
        <li>
          <button type="button" className="portal-pagination__step portal-focusable" disabled={currentPage <= 1} onClick={() => onPageChange(currentPage - 1)}>
            <span aria-hidden="true">‹ </span>
            {intl.formatMessage({ id: 'common.pagination.previous' })}
          </button>
        </li>
        {paginationWindow(currentPage, totalPages, radius).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="portal-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className="portal-pagination__number">
              <button
                type="button"
                className="portal-pagination__page portal-focusable"
                aria-label={pageLabel(item)}
                aria-current={item === currentPage ? 'page' : undefined}
                onClick={() => item !== currentPage && onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        {/* shown instead of the numbers on small screens (Pagination.css), so it is read there too; hidden elsewhere */}
        <li className="portal-pagination__status">
          {intl.formatMessage({ id: 'common.pagination.status' }, { page: currentPage, total: totalPages })}
        </li>
        <li>
          <button
            type="button"
            className="portal-pagination__step portal-focusable"
            disabled={currentPage >= totalPages}
            onClick={() => onPageChange(currentPage + 1)}
          >
            {intl.formatMessage({ id: 'common.pagination.next' })}
            <span aria-hidden="true"> ›</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
