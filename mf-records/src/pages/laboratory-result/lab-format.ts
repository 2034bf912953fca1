import { useIntl } from 'react-intl';
import type { NumberPrefix, ReferenceRange } from '@portal/shared-api';
import { LOCALES, type Lang } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';

/** The number prefixes as the spec writes them (§2 "Laboratory result": >, >=, < or <=). */
export const PREFIX_SYMBOLS: Readonly<Record<NumberPrefix, string>> = {
  greaterThan: '>',
  greaterThanOrEqual: '>=',
  lessThan: '<',
  lessThanOrEqual: '<=',
};

/** A result number in the page's language: fi/sv '2,1', en '2.1'. */
export function formatLabNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 4 }).format(value);
}

/** Formatters of the laboratory result page in the shell's language. */
export function useLabFormat() {
  const intl = useIntl();
  const { lang } = useShell();
  const number = (value: number) => formatLabNumber(value, lang);
  const withUnit = (text: string, unit: string | null) => (unit ? `${text} ${unit}` : text);
  return {
    number,
    /** the prefix in words ('less than'), for screen readers and text alternatives */
    prefixWords: (prefix: NumberPrefix) => intl.formatMessage({ id: `records.laboratory.prefix.${prefix}` }),
    /** '< 3 mg/l' as it is printed */
    value: (prefix: NumberPrefix | null, value: number, unit: string | null) =>
      withUnit(prefix ? `${PREFIX_SYMBOLS[prefix]} ${number(value)}` : number(value), unit),
    /** 'less than 3 mg/l', as a sentence says it */
    spokenValue: (prefix: NumberPrefix | null, value: number, unit: string | null) =>
      withUnit(prefix ? `${intl.formatMessage({ id: `records.laboratory.prefix.${prefix}` })} ${number(value)}` : number(value), unit),
    /** '0,5–3,6 mU/l', 'at most 3 mmol/l', 'at least 60 ml/min'; null without bounds */
    range: (range: ReferenceRange | null, unit: string | null): string | null => {
      if (!range || (range.min === null && range.max === null)) return null;
      if (range.min !== null && range.max !== null) {
        return withUnit(intl.formatMessage({ id: 'records.laboratory.range.between' }, { min: number(range.min), max: number(range.max) }), unit);
      }
      if (range.min !== null) return withUnit(intl.formatMessage({ id: 'records.laboratory.range.atLeast' }, { min: number(range.min) }), unit);
      return withUnit(intl.formatMessage({ id: 'records.laboratory.range.atMost' }, { max: number(range.max ?? 0) }), unit);
    },
  };
}
