/** Countries offered for an address (ISO 3166-1 alpha-2): the EU, its neighbours and the usual others. */
const COUNTRY_CODES = [
  'FR',
  'BE',
  'NL',
  'LU',
  'DE',
  'AT',
  'CH',
  'IT',
  'ES',
  'PT',
  'MC',
  'AD',
  'GB',
  'IE',
  'DK',
  'SE',
  'NO',
  'FI',
  'IS',
  'PL',
  'CZ',
  'SK',
  'HU',
  'SI',
  'HR',
  'RO',
  'BG',
  'GR',
  'CY',
  'MT',
  'EE',
  'LV',
  'LT',
  'LI',
  'RE',
  'GP',
  'MQ',
  'GF',
  'YT',
  'NC',
  'PF',
  'MA',
  'TN',
  'DZ',
  'SN',
  'CI',
  'US',
  'CA',
] as const;

/** `{ value: 'BE', label: 'Belgique' }` options in the interface language, sorted by name. */
export function countryOptions(
  locale: string,
  extra: string | null = null,
): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const codes: string[] = [...COUNTRY_CODES];
  if (extra && !codes.includes(extra)) codes.push(extra);
  return codes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
