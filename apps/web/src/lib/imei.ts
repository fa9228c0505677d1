import { type ImeiWarning, imeiWarnings, isImeiFormat } from '@reprise/shared/customer/imei';

export interface ImeiCheck {
  /** 15 to 17 digits, nothing else. */
  valid: boolean;
  error: 'required' | 'imei_invalid' | null;
  /** Reasons to doubt a well-formed IMEI (check digit, TAC): the seller may continue anyway. */
  warnings: ImeiWarning[];
}

/** Spaces a scanner or a copy may add are dropped; slashes and dashes are not (they are refused). */
export function normaliseImei(typed: string): string {
  return typed.replace(/\s+/g, '');
}

export function isImeiTyped(typed: string): boolean {
  return isImeiFormat(normaliseImei(typed));
}

/**
 * The IMEI rules of the wizard (the shared ones): 15–17 digits or an error; a well-formed IMEI
 * whose first 8 digits match none of the product's TAC codes, or a 15-digit one failing its Luhn
 * check digit, gets a warning with continue-anyway.
 */
export function checkImei(typed: string, tacCodes: readonly string[]): ImeiCheck {
  const imei = normaliseImei(typed);
  if (imei === '') return { valid: false, error: 'required', warnings: [] };
  if (!isImeiFormat(imei)) return { valid: false, error: 'imei_invalid', warnings: [] };
  return { valid: true, error: null, warnings: imeiWarnings(imei, tacCodes) };
}
