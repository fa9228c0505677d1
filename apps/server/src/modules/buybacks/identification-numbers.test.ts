import { isValidEan13 } from '@reprise/shared';
import { describe, expect, it } from 'vitest';
import { identificationNumberOf } from './identification-numbers';

describe('identification numbers', () => {
  it('are 13 digits with a valid EAN-13 check digit, prefixed by kind', () => {
    for (const n of [1, 42, 9_999_999_999]) {
      const buyback = identificationNumberOf('20', n);
      expect(buyback).toMatch(/^20\d{11}$/);
      expect(isValidEan13(buyback)).toBe(true);
      expect(identificationNumberOf('21', n)).not.toBe(buyback);
    }
  });

  it('refuses a sequence that would not fit in 10 digits', () => {
    expect(() => identificationNumberOf('20', 10_000_000_000)).toThrow(RangeError);
  });
});
