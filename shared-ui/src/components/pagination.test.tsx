import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BREAKPOINTS } from '../breakpoints';
import { renderWithIntl } from '../test-utils/render';
import { Pagination } from './Pagination';
import { paginationWindow } from './pagination-window';

describe('paginationWindow', () => {
  test.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [3, 10, [1, 2, 3, 4, 'gap', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [1, 10, [1, 2, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [8, 10, [1, 'gap', 7, 8, 9, 10]],
  ] as const)('page %i of %i', (current, total, expected) => {
    expect(paginationWindow(current, total)).toEqual(expected);
  });

  test('a wider radius, no pages, and an out-of-range page', () => {
    expect(paginationWindow(10, 20, 2)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(99, 5)).toEqual([1, 'gap', 4, 5]);
  });
});

describe('Pagination', () => {
  test('marks the current page, shows first and last, and moves on click', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    renderWithIntl(<Pagination currentPage={5} totalPages={10} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 2' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Page 10' }));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[10], [6], [4]]);
  });

  test('previous is disabled on the first page and next on the last', () => {
    const { rerender } = renderWithIntl(<Pagination currentPage={1} totalPages={3} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination currentPage={3} totalPages={3} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('speaks the user language and is absent with a single page', () => {
    renderWithIntl(<Pagination currentPage={2} totalPages={4} onPageChange={jest.fn()} />, { lang: 'fi' });
    expect(screen.getByRole('navigation', { name: 'Sivutus' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sivu 2' })).toHaveAttribute('aria-current', 'page');
    renderWithIntl(<Pagination currentPage={1} totalPages={1} onPageChange={jest.fn()} />, { lang: 'fi' });
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });
});

describe('Pagination on small screens (spec part 1 §9: page numbers hidden up to 480 px)', () => {
  // jsdom applies no media queries: the rule itself is checked, and the markup it relies on
  const css = readFileSync(path.join(__dirname, 'Pagination.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

  test(`the stylesheet hides the numbers and dots and shows 'Page n of m' up to ${BREAKPOINTS.small} px`, () => {
    const small = new RegExp(`@media \\(max-width: ${BREAKPOINTS.small}px\\) \\{([\\s\\S]*?)\\n\\}`).exec(css)?.[1] ?? '';
    expect(small).toMatch(/\.portal-pagination__number,\s*\.portal-pagination__gap\s*\{\s*display: none;/);
    expect(small).toMatch(/\.portal-pagination__status\s*\{\s*display: block;/);
    // elsewhere the status is not shown (so it is not read twice)
    expect(css.slice(0, css.indexOf('@media'))).toMatch(/\.portal-pagination__status\s*\{\s*display: none;/);
  });

  test('numbers and dots carry the classes the rule hides; the status is readable where it shows', () => {
    renderWithIntl(<Pagination currentPage={5} totalPages={10} onPageChange={jest.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 5' }).closest('li')).toHaveClass('portal-pagination__number');
    expect(nav.querySelectorAll('.portal-pagination__gap')).toHaveLength(2);
    const status = within(nav).getByText('Page 5 of 10');
    expect(status).toHaveClass('portal-pagination__status');
    expect(status).not.toHaveAttribute('aria-hidden');
    // the steps stay on every screen
    expect(within(nav).getByRole('button', { name: 'Previous page' }).closest('li')).not.toHaveClass('portal-pagination__number');
  });
});
