/**
 * The value axis of the dashboard's bar charts (breakdown-chart.tsx): round ticks from 0 to at
 * least the largest value, at most `maxTicks` intervals; whole numbers only when the values are
 * counts (a count of devices is never 0.25).
 */
export function axisTicks(max: number, { integer, maxTicks = 4 }: { integer: boolean; maxTicks?: number }) {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / maxTicks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10]
    .map((factor) => factor * magnitude)
    .filter((candidate) => !integer || Number.isInteger(candidate))
    .find((candidate) => candidate >= rough);
  const interval = Math.max(integer ? 1 : 0, step ?? 10 * magnitude);
  const count = Math.ceil(top / interval - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => round(i * interval));
}

/** Drops the binary noise of a multiplication (0.1 × 3 = 0.30000000000000004). */
function round(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}
