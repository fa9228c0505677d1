import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuText, DURATION, type Figure, percent } from './lib';
import { startServer } from './server';

/** A statement a request sent, with its parameters as node-postgres sent them (text). */
export interface Statement {
  text: string;
  values: (string | null)[];
}

export interface Request {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** Every connection of the server sets this (apps/server/src/platform/db.ts): pgbench's too. */
const SERVER_SETTINGS = '-c pg_trgm.similarity_threshold=0.2';

/**
 * A server of its own on `databaseUrl`, with bench/sql-capture.mjs recording what its clients
 * send, handed to `use` with the size of the record so far and the statements recorded since a
 * size (pg-boss's polling left out).
 */
export async function withStatementCapture<T>(
  databaseUrl: string,
  port: number,
  use: (server: { url: string }, record: { size(): number; since(from: number): Statement[] }) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'reprise-bench-sql-'));
  const file = path.join(dir, 'statements.jsonl');
  writeFileSync(file, '');
  const server = await startServer(port, { DATABASE_URL: databaseUrl, BENCH_SQL_CAPTURE: file }, [
    '--import',
    new URL('./sql-capture.mjs', import.meta.url).href,
  ]);
  try {
    return await use(server, {
      size: () => statSync(file).size,
      since: (from) =>
        readFileSync(file)
          .subarray(from)
          .toString('utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Statement)
          .filter((s) => !s.text.includes('pgboss.')),
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The statements each request runs once warm (its session and caches loaded): a server of its own
 * on `databaseUrl`, with bench/sql-capture.mjs recording what its clients send, asked each request
 * three times; the third's statements are kept (pg-boss's polling left out).
 */
export async function captureStatements(
  databaseUrl: string,
  port: number,
  requests: readonly Request[],
): Promise<Map<string, Statement[]>> {
  return withStatementCapture(databaseUrl, port, async (server, record) => {
    const captured = new Map<string, Statement[]>();
    for (const request of requests) {
      const ask = async () => {
        const res = await fetch(server.url + request.url, { headers: request.headers });
        if (!res.ok) throw new Error(`${request.url}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      await ask();
      await ask();
      const from = record.size();
      await ask();
      captured.set(request.name, record.since(from));
    }
    return captured;
  });
}

/** pgbench of the PostgreSQL client tools: on PATH, or in Debian's versioned directory. */
function pgbenchPath(): string | null {
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench';
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => path.join(debian, v, 'bin/pgbench')).find((p) => existsSync(p));
  return found ?? null;
}

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * How pgbench sends the statements: `simple`, text with literals (parsed and planned each time);
 * `extended`, unnamed statements with parameters (parsed and planned each time, as the server
 * sends the statements marked CUSTOM_PLAN); `prepared`, named statements (parsed once per
 * connection, PostgreSQL's generic plan once it is as cheap as the custom ones).
 */
export type PgbenchMode = 'simple' | 'extended' | 'prepared';

/**
 * A pgbench script of `statements`, one transaction of the script per request: each `$n` becomes
 * a variable given with -D, sent as a parameter or (`simple`) written into the text as a literal,
 * as the server sends it (unknown type, text). A NULL parameter is written as NULL (pgbench
 * variables cannot be NULL).
 */
function script(statements: readonly Statement[], mode: PgbenchMode) {
  const defines: string[] = [];
  const lines = statements.map((statement, s) => {
    const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.values[Number(n) - 1];
      if (value === undefined) throw new Error(`no value for $${n} in ${statement.text.slice(0, 80)}`);
      if (value === null) return 'NULL';
      defines.push('-D', `s${s}p${n}=${mode === 'simple' ? quoted(value) : value}`);
      return `:s${s}p${n}`;
    });
    return `${text.trim().replace(/;$/, '')};`;
  });
  return { text: `${lines.join('\n')}\n`, defines };
}

export interface Ceiling {
  /** transactions (requests' statements) per second */
  tps: number;
  /** average latency of a transaction, ms */
  latency: number;
  /** the machine's 1-minute load average when the run started */
  load: number;
}

/** pgbench on `statements` at `clients` clients for DURATION seconds; null when it is not installed. */
export async function pgbench(
  databaseUrl: string,
  statements: readonly Statement[],
  mode: PgbenchMode,
  clients: number,
): Promise<Ceiling | null> {
  const binary = pgbenchPath();
  if (!binary) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'reprise-pgbench-'));
  try {
    const { text, defines } = script(statements, mode);
    const file = path.join(dir, 'script.sql');
    writeFileSync(file, text);
    const args = ['-n', '-M', mode, '-c', String(clients), '-j', String(Math.min(clients, 2)), '-f', file];
    const run = (seconds: number) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(binary, [...args, '-T', String(seconds), ...defines, databaseUrl], {
          env: { ...process.env, PGOPTIONS: SERVER_SETTINGS },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += String(chunk);
        });
        child.stderr.on('data', (chunk) => {
          output += String(chunk);
        });
        child.once('exit', (code) =>
          code === 0 ? resolve(output) : reject(new Error(`pgbench failed (${code}): ${output.slice(-500)}`)),
        );
      });
    // the same warm-up as autocannon's (lib.ts measure)
    await run(1);
    const load = loadavg()[0] as number;
    const output = await run(DURATION);
    const tps = /tps = ([\d.]+)/.exec(output);
    const latency = /latency average = ([\d.]+) ms/.exec(output);
    if (!tps || !latency) throw new Error(`unexpected pgbench output: ${output.slice(-300)}`);
    return { tps: Math.round(Number(tps[1])), latency: Number(latency[1]), load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface RequestCeiling {
  statements: number;
  extended: Ceiling | null;
  prepared: Ceiling | null;
}

/**
 * The pgbench ceilings (unnamed and prepared statements, `clients` clients) of the statements
 * each request runs, learnt from a server of its own on the database (captureStatements).
 */
export async function ceilingsOf(
  databaseUrl: string,
  port: number,
  requests: readonly Request[],
  clients: number,
): Promise<Map<string, RequestCeiling>> {
  const captured = await captureStatements(databaseUrl, port, requests);
  const ceilings = new Map<string, RequestCeiling>();
  for (const request of requests) {
    const statements = captured.get(request.name) ?? [];
    ceilings.set(request.name, {
      statements: statements.length,
      extended: await pgbench(databaseUrl, statements, 'extended', clients),
      prepared: await pgbench(databaseUrl, statements, 'prepared', clients),
    });
  }
  return ceilings;
}

/**
 * The figures with, beside each, pgbench's throughput on the request's own statements (as many
 * clients as connections), unnamed and prepared.
 */
export function ceilingTable(figures: readonly Figure[], ceilings: Map<string, RequestCeiling>): string[] {
  const tps = (c: Ceiling | null | undefined) => (c ? `${c.tps} (${c.latency.toFixed(2)})` : '');
  return [
    '| request | connections | requests/s | p50 ms | p97.5 ms | p99 ms | CPU ms/request (server + database) | statements | pgbench unnamed tps (ms) | pgbench prepared tps (ms) | API / prepared | non-2xx | errors | load |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...figures.map((f) => {
      const c = ceilings.get(f.name);
      const share = c?.prepared ? percent(f.rps / c.prepared.tps) : '';
      return `| ${f.name} | ${f.connections} | ${f.rps} | ${f.p50} | ${f.p97_5} | ${f.p99} | ${cpuText(f.cpu)} | ${c?.statements ?? ''} | ${tps(c?.extended)} | ${tps(c?.prepared)} | ${share} | ${f.non2xx} | ${f.errors} | ${f.load.toFixed(1)} |`;
    }),
  ];
}
