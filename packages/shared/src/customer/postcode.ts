/**
 * Postcodes by country (the customer form of the store cart and of the public site, and the
 * server): each known country's format, a generic rule for the others. Input is compared in upper
 * case with single spaces; the canonical form puts the space where the post office prints it.
 */

interface PostcodeRule {
  pattern: RegExp;
  /** A real postcode of the country, shown as the field's hint. */
  example: string;
  /** The canonical form of a postcode that matches the pattern. */
  canonical?: (zip: string) => string;
}

/** Splits before the last three characters (GB: "SW1A1AA" → "SW1A 1AA"). */
const spaceBeforeLast = (count: number) => (zip: string) => {
  const compact = zip.replace(/ /g, '');
  return `${compact.slice(0, -count)} ${compact.slice(-count)}`;
};

export const POSTCODE_RULES: Readonly<Record<string, PostcodeRule>> = {
  FR: { pattern: /^\d{5}$/, example: '75001' },
  MC: { pattern: /^980\d{2}$/, example: '98000' },
  BE: { pattern: /^[1-9]\d{3}$/, example: '1000' },
  // four digits, then two letters other than SA, SD and SS (not issued)
  NL: { pattern: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/, example: '1012 AB', canonical: spaceBeforeLast(2) },
  DE: { pattern: /^(?!00)\d{5}$/, example: '10115' },
  LU: { pattern: /^(L-)?\d{4}$/, example: 'L-1009' },
  GB: {
    pattern: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/,
    example: 'SW1A 1AA',
    canonical: spaceBeforeLast(3),
  },
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  CH: { pattern: /^[1-9]\d{3}$/, example: '8001' },
  AT: { pattern: /^[1-9]\d{3}$/, example: '1010' },
  PT: { pattern: /^[1-9]\d{3}-\d{3}$/, example: '1100-148' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
  IE: { pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, example: 'D02 X285' },
};

/** Any other country: letters and digits, single spaces or dashes between them, 2 to 10 characters. */
const GENERIC = /^(?=.{2,10}$)[A-Z0-9]+(?:[ -][A-Z0-9]+)*$/;

/** Upper case, trimmed, runs of spaces made one. */
const cleaned = (zip: string) => zip.trim().replace(/\s+/g, ' ').toUpperCase();

/** True when the postcode has the format of the country (ISO alpha-2, the generic rule when unknown). */
export function isValidPostcode(country: string, zip: string): boolean {
  const rule = POSTCODE_RULES[country.toUpperCase()];
  const value = cleaned(zip);
  return rule ? rule.pattern.test(value) : GENERIC.test(value);
}

/** The postcode as the country writes it ("1012ab" → "1012 AB" in NL); unchanged but cleaned otherwise. */
export function normalizePostcode(country: string, zip: string): string {
  const rule = POSTCODE_RULES[country.toUpperCase()];
  const value = cleaned(zip);
  return rule?.canonical && rule.pattern.test(value) ? rule.canonical(value) : value;
}

/** An example postcode of the country, or null for a country without a known format. */
export function postcodeExample(country: string): string | null {
  return POSTCODE_RULES[country.toUpperCase()]?.example ?? null;
}
