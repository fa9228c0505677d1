import { randomInt } from 'node:crypto';

/**
 * The numbers of the gift cards the built-in issuer makes (docs/payments.md): 16 digits, the last
 * a Luhn check digit, so that a mistyped digit at the counter is caught before any look-up.
 */

const GIFT_CARD_NUMBER_LENGTH = 16;

/** The Luhn check digit of a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // from the right, every other digit starting with the rightmost is doubled
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a string of digits ends with its valid Luhn check digit. */
export function isValidLuhn(number: string): boolean {
  return /^\d{2,}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

/** A new random gift card number: 15 random digits (the first not 0) and the check digit. */
export function newGiftCardNumber(): string {
  let body = String(1 + randomInt(9));
  for (let i = 1; i < GIFT_CARD_NUMBER_LENGTH - 1; i += 1) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

/** The number as a receipt shows it: every character but the last 4 hidden. */
export function maskCode(code: string): string {
  return code.length <= 4 ? code : `${'•'.repeat(code.length - 4)}${code.slice(-4)}`;
}
