import autocannon from 'autocannon';

/** Seconds each figure is measured for (`BENCH_SECONDS`). */
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export interface Figure {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface Goal {
  goal: string;
  value: string;
  met: boolean;
}

/** A part of bench/RESULTS.md: its tables and notes, and the goals it measured. */
export interface Section {
  title: string;
  lines: string[];
  goals: Goal[];
}

/** One autocannon run, after a short warm-up of the same request. */
export async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  await autocannon({ ...options, duration: 1, connections: Math.min(4, options.connections ?? 10) });
  const result = await autocannon({ duration: DURATION, connections: 10, ...options });
  const latency = result.latency as autocannon.Histogram & { p95?: number };
  return {
    name,
    connections: options.connections ?? 10,
    rps: Math.round(result.requests.average),
    p50: latency.p50,
    p95: latency.p95 ?? latency.p97_5,
    p99: latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function figureTable(figures: readonly Figure[]): string[] {
  return [
    '| request | connections | requests/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.connections} | ${f.rps} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.non2xx} | ${f.errors} |`,
    ),
  ];
}

export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
