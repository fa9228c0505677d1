import { describe, expect, it } from 'vitest';
import { isValidLuhn, luhnCheckDigit, maskCode, newGiftCardNumber } from './gift-card-codes';

describe('gift card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    // 7992739871 → 3 (the textbook example), 4539 1488 0343 646 → 7 (a test card number)
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnCheckDigit('453914880343646')).toBe('7');
    expect(isValidLuhn('4539148803436467')).toBe(true);
  });

  it('refuses a number with one digit changed or two neighbours swapped', () => {
    expect(isValidLuhn('4539148803436468')).toBe(false);
    expect(isValidLuhn('4539148803436476')).toBe(false);
    expect(isValidLuhn('5439148803436467')).toBe(false);
  });

  it('makes 16-digit numbers that pass their own check', () => {
    for (let i = 0; i < 200; i += 1) {
      const number = newGiftCardNumber();
      expect(number).toMatch(/^[1-9]\d{15}$/);
      expect(isValidLuhn(number)).toBe(true);
    }
  });

  it('hides every digit but the last 4', () => {
    expect(maskCode('4539148803436467')).toBe('••••••••••••6467');
    expect(maskCode('123')).toBe('123');
  });
});
