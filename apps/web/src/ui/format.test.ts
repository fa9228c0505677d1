import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, splitDuration } from './format';

// Intl puts narrow no-break spaces in some locales; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatMoney', () => {
  it('shows cents as an amount in the account currency, the locale way', () => {
    expect(plain(formatMoney(123450, 'EUR', 'fr-FR'))).toBe('1 234,50 €');
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(plain(formatMoney(999, 'CHF', 'de-DE'))).toBe('9,99 CHF');
  });
});

describe('formatDate', () => {
  it('shows dates in numeric form', () => {
    const date = new Date(2026, 11, 31, 12);
    expect(formatDate(date, 'fr-FR')).toBe('31/12/2026');
    expect(formatDate(date, 'de-DE')).toBe('31.12.2026');
    expect(formatDate(date, 'nl-BE')).toBe('31/12/2026');
  });
});

describe('splitDuration', () => {
  it('splits a wait into whole minutes and remaining seconds', () => {
    expect(splitDuration(125)).toEqual({ minutes: 2, seconds: 5 });
    expect(splitDuration(0.2)).toEqual({ minutes: 0, seconds: 1 });
  });
});
