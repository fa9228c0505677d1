/** What a number input holds: a number, or the text typed so far ('' when empty). */
export type NumberField = number | string;

/** An amount in currency units typed in a form, as the API's cents; '' is null, nonsense stays NaN for the schema to refuse. */
export function toCents(value: NumberField): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const units = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(units) ? Math.round(units * 100) : Number.NaN;
}

/** Cents from the API as currency units for a form. */
export function toUnits(cents: number | null | undefined): NumberField {
  return cents === null || cents === undefined ? '' : cents / 100;
}

/** A whole number typed in a form; '' is null, anything else that is not a number stays NaN. */
export function toWhole(value: NumberField): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  return typeof value === 'number' ? value : Number(value);
}

/** How amounts are typed in a locale: its decimal separator and the currency's symbol and place. */
export function moneyInputFormat(locale: string, currency: string) {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
  const symbolFirst =
    parts.findIndex((part) => part.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  return { decimalSeparator: decimal, symbol, symbolFirst };
}
