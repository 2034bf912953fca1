import type { PriceLine } from '@portal/shared-api';
import { formatMoney, type Lang } from '@portal/shared-i18n';

export interface PriceLinesProps {
  /** the breakdown (the price-details feature); null or empty: nothing is shown */
  lines: readonly PriceLine[] | null;
  lang: Lang;
  className?: string | undefined;
  /** the list's accessible name, where the page gives it one */
  label?: string | undefined;
}

/** The private price's breakdown under its 'from' price (spec part 2 §6): "Description: 79,00 €" a line. */
export function PriceLines({ lines, lang, className, label }: PriceLinesProps) {
  if (!lines || lines.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {lines.map((line) => (
        <li key={line.code}>
          {line.description}: {formatMoney(Number(line.priceEuros), lang)}
        </li>
      ))}
    </ul>
  );
}
