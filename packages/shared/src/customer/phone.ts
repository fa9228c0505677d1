import { AsYouType, type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Phone numbers: typed in national or international form, France by
 * default, kept in E.164 (`+33612345678`). The `min` metadata keeps the web bundle small: it
 * checks the length and the loose national pattern of each country.
 */
const DEFAULT_PHONE_COUNTRY: CountryCode = 'FR';

/** The E.164 form of a valid number, or null. */
export function toE164Phone(
  value: string,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return phone?.isValid() ? phone.number : null;
}

export function isValidPhone(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): boolean {
  return toE164Phone(value, defaultCountry) !== null;
}

/** International display form (`+33 6 12 34 56 78`) of a valid number; the input unchanged otherwise. */
export function formatPhoneInternational(
  value: string,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): string {
  const phone = parsePhoneNumberFromString(value.trim(), defaultCountry);
  return phone?.isValid() ? phone.formatInternational() : value;
}

/** Formats a number while it is typed (`0612` → `06 12`, `+336` → `+33 6`). */
export function formatPhoneAsYouType(
  value: string,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): string {
  return new AsYouType(defaultCountry).input(value);
}

/** A phone as typed: `required` when empty, `phone_invalid` unless valid (France by default); parsed to E.164. */
export const phoneSchema = z
  .string({ error: (issue) => (issue.input == null ? 'required' : 'phone_invalid') })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'required' });
    else if (!isValidPhone(value)) ctx.addIssue({ code: 'custom', message: 'phone_invalid' });
  })
  .transform((value) => toE164Phone(value) ?? value);
