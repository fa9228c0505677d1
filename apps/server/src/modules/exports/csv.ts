/**
 * The CSV the exports write (docs/exports.md): `,` between fields, CRLF between lines, RFC 4180
 * quoting, UTF-8 with a byte order mark so that Excel reads the accents.
 */

export const UTF8_BOM = '\uFEFF';

/** A cell's value: text as is, null and undefined as an empty cell. */
export type CsvValue = string | null | undefined;

// quoted: the delimiter, a quote, a line break, `;` (Excel's delimiter in some locales) and edge spaces
const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined || value === '') return '';
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line, its line break included. */
export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first)
 * prefixed with `'`: for the buyback export, whose customer names come from public visitors
 * (OWASP "CSV injection"). The catalogue exports keep their values as they are, to re-import them.
 */
export const inertFormula = (value: CsvValue): CsvValue =>
  value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
