export type PaginationItem = number | 'gap';

/**
 * The page numbers to show (spec part 1 §9): the first and the last page, `radius` pages either side
 * of the current one, and 'gap' (dots) where pages are left out. A gap never hides a single page:
 * that page is shown instead, since the dots would take the same room.
 *   paginationWindow(5, 10) → [1, 'gap', 4, 5, 6, 'gap', 10]
 *   paginationWindow(3, 10) → [1, 2, 3, 4, 'gap', 10]
 */
export function paginationWindow(current: number, total: number, radius = 1): PaginationItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  const shown = new Set<number>([1, total]);
  for (let offset = -radius; offset <= radius; offset += 1) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= total) shown.add(candidate);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  for (const [index, value] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && value - previous > 2) items.push('gap');
    items.push(value);
  }
  return items;
}
