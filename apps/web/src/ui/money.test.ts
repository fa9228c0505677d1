import { describe, expect, it } from 'vitest';
import { moneyInputFormat, toCents, toUnits, toWhole } from './money';

describe('amounts typed in currency units', () => {
  it('become whole cents, without floating-point drift', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('915')).toBe(91500);
    expect(toCents(0)).toBe(0);
  });

  it('are null when empty and NaN when not a number', () => {
    expect(toCents('')).toBeNull();
    expect(toCents(' ')).toBeNull();
    expect(toCents('abc')).toBeNaN();
  });

  it('come back from cents', () => {
    expect(toUnits(91500)).toBe(915);
    expect(toUnits(null)).toBe('');
  });

  it('leaves whole numbers to the schema', () => {
    expect(toWhole('')).toBeNull();
    expect(toWhole(12)).toBe(12);
    expect(toWhole('1.5')).toBe(1.5);
  });

  it('follows the locale for the separator and the symbol', () => {
    expect(moneyInputFormat('fr-FR', 'EUR')).toEqual({
      decimalSeparator: ',',
      symbol: '€',
      symbolFirst: false,
    });
    expect(moneyInputFormat('en-GB', 'GBP')).toEqual({
      decimalSeparator: '.',
      symbol: '£',
      symbolFirst: true,
    });
  });
});
