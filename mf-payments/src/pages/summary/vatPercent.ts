import { LOCALES } from '@portal/shared-i18n';
import type { Lang } from '@portal/shared-api';

/** A VAT rate in the language's format: fi/sv '25,5 %', en '25.5%' (up to one decimal: 25.5 % is a Finnish rate). */
export function formatVatPercent(percentage: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 1 }).format(percentage / 100);
}
