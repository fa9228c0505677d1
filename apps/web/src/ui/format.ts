import type { Currency } from '@reprise/shared';

/** An amount in cents shown in the account's currency, e.g. `1 234,50 €` in fr-FR. */
export function formatMoney(cents: number, currency: Currency | string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Dates are always numeric: `31/12/2026`, `31.12.2026`… */
export function formatDate(value: Date | string | number, locale: string): string {
  return new Intl.DateTimeFormat(locale, DATE).format(toDate(value));
}

export function formatDateTime(value: Date | string | number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { ...DATE, ...TIME }).format(toDate(value));
}

/** A wait in seconds split for display: `{ minutes: 2, seconds: 5 }`. */
export function splitDuration(totalSeconds: number): { minutes: number; seconds: number } {
  const safe = Math.max(0, Math.ceil(totalSeconds));
  return { minutes: Math.floor(safe / 60), seconds: safe % 60 };
}
