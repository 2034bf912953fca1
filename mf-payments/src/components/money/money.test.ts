import { formatEuros } from './money';

// Intl separates groups and the sign with no-break spaces (U+00A0, U+202F); compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros (spec part 2 §9: EUR, 2 decimals, fi-FI / en-GB; sv-FI)', () => {
  test('Finnish and Swedish write a decimal comma, grouped thousands and the sign after', () => {
    expect(plain(formatEuros(123450, 'fi'))).toBe('1 234,50 €');
    expect(plain(formatEuros(123450, 'sv'))).toBe('1 234,50 €');
  });

  test('English writes the sign first with a decimal point', () => {
    expect(formatEuros(123450, 'en')).toBe('€1,234.50');
  });

  test('whole euros keep two decimals, and cents never turn into float noise', () => {
    expect(formatEuros(4500, 'en')).toBe('€45.00');
    expect(formatEuros(1, 'en')).toBe('€0.01');
    expect(plain(formatEuros(1999, 'fi'))).toBe('19,99 €');
  });

  test('a credit (negative sum) keeps its sign', () => {
    expect(formatEuros(-2000, 'en')).toBe('-€20.00');
  });
});
