import { z } from 'zod';

/**
 * IBAN: country code, two check digits, then the national account number; the length is fixed
 * per country (this table) and the whole passes the MOD 97-10 check (`mod97`).
 */
// biome-ignore format: the lengths read better as a table
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** The IBAN as stored: white space removed, upper case. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** MOD 97-10 of the IBAN with its first four characters moved to the end (letters A=10…Z=35). */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code <= 57 ? code - 48 : code - 55;
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/**
 * A valid IBAN: spaces allowed, any case; a known country with its length, check digits 02 to 98,
 * letters and digits only, and MOD 97 equal to 1.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return false;
  return mod97(iban) === 1;
}

/** Groups of four: `FR76 3000 6000 0112 3456 7890 189`. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Only the country, check digits and last four characters shown: `FR76 **** **** **** **** ***0 189`. */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  if (iban.length <= 8) return formatIban(iban);
  return formatIban(iban.slice(0, 4) + '*'.repeat(iban.length - 8) + iban.slice(-4));
}

/** An IBAN as typed: `required` when empty, `iban_invalid` unless valid; parsed to its normalised form. */
export const ibanSchema = z
  .string({ error: (issue) => (issue.input == null ? 'required' : 'iban_invalid') })
  .superRefine((value, ctx) => {
    const iban = normalizeIban(value);
    if (iban === '') ctx.addIssue({ code: 'custom', message: 'required' });
    else if (iban.length > 34 || !isValidIban(iban))
      ctx.addIssue({ code: 'custom', message: 'iban_invalid' });
  })
  .transform(normalizeIban);
