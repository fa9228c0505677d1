import type { WeeklyFigures } from './schemas/dashboard';

// The home dashboard's arithmetic (docs/dashboard.md), without zod: the back office's home page
// imports it without loading the schemas (schemas/dashboard.ts re-exports it).

/** The averages the dashboard shows: price per buyback, refurbishment cost and hours per item. */
export function averagesOf(figures: WeeklyFigures): {
  priceCents: number | null;
  refurbishmentCostCents: number | null;
  refurbishmentHours: number | null;
} {
  const { buybacks, refurbishment } = figures;
  return {
    priceCents: buybacks.count ? Math.round(buybacks.valueCents / buybacks.count) : null,
    refurbishmentCostCents: refurbishment.count
      ? Math.round(refurbishment.costCents / refurbishment.count)
      : null,
    refurbishmentHours: refurbishment.timedCount
      ? Math.round((refurbishment.durationSeconds / refurbishment.timedCount / 3600) * 10) / 10
      : null,
  };
}

/** Week-on-week change in percent, rounded; null when the week before had nothing. */
export function weekOnWeekChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
