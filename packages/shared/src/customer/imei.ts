/** IMEI rules: 15 to 17 digits; the first 8 are the TAC. */

export const IMEI_PATTERN = /^\d{15,17}$/;
export const TAC_LENGTH = 8;

/** Luhn check (ISO/IEC 7812) over a string of digits: the last digit is the check digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 15 to 17 digits, nothing else (no space, slash or dash). */
export function isImeiFormat(value: string): boolean {
  return IMEI_PATTERN.test(value);
}

/**
 * A well-formed IMEI: 15 to 17 digits, and a 15-digit IMEI (with its check digit) passes Luhn.
 * 16 digits is an IMEISV and 17 an IMEI with a software version: neither carries a check digit.
 */
export function isValidImei(value: string): boolean {
  return isImeiFormat(value) && (value.length !== 15 || passesLuhn(value));
}

/** The IMEI's first 8 digits (its TAC) are one of `tacCodes`; false when there are none. */
export function imeiMatchesTac(imei: string, tacCodes: readonly string[]): boolean {
  return imei.length >= TAC_LENGTH && tacCodes.includes(imei.slice(0, TAC_LENGTH));
}

export type ImeiWarning = 'imei_check_digit_invalid' | 'imei_tac_mismatch';

/**
 * What the wizard warns about (continue anyway) for an IMEI of the right format: a 15-digit IMEI
 * failing its Luhn check digit, and a TAC matching none of the product's TAC codes (only checked
 * when the product has TAC codes).
 */
export function imeiWarnings(imei: string, tacCodes: readonly string[]): ImeiWarning[] {
  const warnings: ImeiWarning[] = [];
  if (imei.length === 15 && !passesLuhn(imei)) warnings.push('imei_check_digit_invalid');
  if (tacCodes.length > 0 && !imeiMatchesTac(imei, tacCodes)) warnings.push('imei_tac_mismatch');
  return warnings;
}
