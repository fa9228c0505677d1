/**
 * Values in the import's formats (modules/imports/import-columns.ts, docs/imports.md), so that an
 * exported file re-imports to the same catalogue.
 */

/** Cents as units of the currency with two decimals, `.` as separator: 12990 → `129.90`. */
export function amountOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const booleanOf = (value: boolean): string => (value ? 'true' : 'false');

/** A list inside a cell, `|` between its entries. */
export const listOf = (values: readonly string[]): string => values.join('|');

/** A whole number, or an empty cell. */
export const numberOf = (value: number | null): string | null => (value === null ? null : String(value));
