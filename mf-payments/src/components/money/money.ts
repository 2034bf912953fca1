import { formatCents } from '@portal/shared-i18n';
import type { Lang } from '@portal/shared-api';

/**
 * Integer cents as euros with two decimals in the language's format (spec part 2 §9): fi '1 234,50 €'
 * (fi-FI), sv '1 234,50 €' (sv-FI), en '€1,234.50' (en-GB). Intl writes no-break spaces.
 */
export function formatEuros(cents: number, lang: Lang): string {
  return formatCents(cents, lang);
}
