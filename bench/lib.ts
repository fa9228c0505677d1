import os from 'node:os';
import autocannon from 'autocannon';
import type { CpuProbe } from './cpu';

/** Seconds each figure is measured for (`BENCH_SECONDS`). */
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export interface Figure {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  /** ms of CPU per request: the server's and, on a local PostgreSQL, its backends' */
  cpu?: { server: number; database: number | null };
  non2xx: number;
  errors: number;
  /** the machine's 1-minute load average when the figure's run started */
  load: number;
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

/**
 * One autocannon run, after a short warm-up of the same request; with a probe, the CPU the server
 * and the database used during the run, per request answered.
 */
export async function measure(name: string, options: autocannon.Options, probe?: CpuProbe): Promise<Figure> {
  await autocannon({ ...options, duration: 1, connections: Math.min(4, options.connections ?? 10) });
  const load = os.loadavg()[0] as number;
  const started = await probe?.start();
  const result = await autocannon({ duration: DURATION, connections: 10, ...options });
  const used = started && (await probe?.stop(started));
  const answered = Math.max(1, result.requests.total);
  return {
    name,
    connections: options.connections ?? 10,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    ...(used
      ? {
          cpu: {
            server: used.server / answered,
            database: used.database === null ? null : used.database / answered,
          },
        }
      : {}),
    non2xx: result.non2xx,
    errors: result.errors,
    load,
  };
}

/** CPU ms per request, the server's and the database's. */
export const cpuTotal = (f: Figure) => (f.cpu ? f.cpu.server + (f.cpu.database ?? 0) : 0);

/** CPU ms per request, "total (server + database)", or the server's alone. */
export function cpuText(cpu: Figure['cpu']): string {
  if (!cpu) return '';
  if (cpu.database === null) return cpu.server.toFixed(2);
  return `${(cpu.server + cpu.database).toFixed(2)} (${cpu.server.toFixed(2)} + ${cpu.database.toFixed(2)})`;
}

export function figureTable(figures: readonly Figure[]): string[] {
  const cpu = figures.some((f) => f.cpu);
  return [
    `| request | connections | requests/s | p50 ms | p97.5 ms | p99 ms |${cpu ? ' CPU ms/request (server + database) |' : ''} non-2xx | errors | load |`,
    `|---|--:|--:|--:|--:|--:|${cpu ? '--:|' : ''}--:|--:|--:|`,
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.connections} | ${f.rps} | ${f.p50} | ${f.p97_5} | ${f.p99} |${cpu ? ` ${cpuText(f.cpu)} |` : ''} ${f.non2xx} | ${f.errors} | ${f.load.toFixed(1)} |`,
    ),
  ];
}

export async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
