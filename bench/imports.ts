import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeProductsCsv } from './imports-data';
import type { Goal, Section } from './lib';
import { scratchDatabase } from './server';

const root = path.resolve(import.meta.dirname, '..');
/** Lines of the import figures, and runs of each (best and median reported). */
const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
/** Lines of the memory figure (PostgreSQL), and its runs. */
const MEMORY_LINES = Number(process.env.BENCH_IMPORT_MEMORY_LINES ?? 1_000_000);
const MEMORY_RUNS = Number(process.env.BENCH_IMPORT_MEMORY_RUNS ?? 2);
/**
 * The worker's V8 heap limit in the recipe (docs/deployment.md, deploy/compose.yaml's worker:
 * NODE_OPTIONS=--max-old-space-size=256): the memory figure runs under it, as the worker does.
 */
const WORKER_HEAP_MB = Number(process.env.BENCH_WORKER_HEAP_MB ?? 256);
/** The goals of issue 15. */
const GOAL_RATIO = 2;
const GOAL_PEAK_MB = 200;
const GOAL_EXPORT_SECONDS = 5;

interface Timed {
  seconds: number;
  cpu: { node: number; database: number | null };
  load: number;
}
interface ImportFigure extends Timed {
  status: string;
  found: number;
  inserted: number;
  updated: number;
  ignored: number;
}
interface ImportRun {
  productsBefore: number;
  productsAfter: number;
  productsAfterReimport: number;
  import: ImportFigure;
  reimport: ImportFigure;
  export: Timed & { entries: number; bytes: number };
  copyOut: Timed & { bytes: number };
}
interface CopyRun {
  copyIn: { copy: Timed; documents: Timed; bytes: number };
}
interface MemoryRun {
  import: ImportFigure;
  memory: {
    baselineRssKb: number;
    peakRssKb: number;
    sampledPeakRssKb: number;
    maxRssKb: number;
    endRssKb: number;
  };
  productsAfter: number;
}

/** One figure in its own process (bench/imports-child.ts); answers what it printed on its BENCH_RESULT line. */
async function child<T>(env: Record<string, string>, ...args: string[]): Promise<T> {
  const process_ = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'bench/imports-child.ts'), ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  process_.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => process_.once('exit', resolve));
  const line = output.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (code !== 0 || !line)
    throw new Error(`bench/imports-child.ts ${args.join(' ')} failed (${code}): ${output.slice(-800)}`);
  return JSON.parse(line.slice('BENCH_RESULT '.length)) as T;
}

/** A database kind the figures run on: a template seeded once, then a fresh copy per run. */
interface Target {
  name: 'PostgreSQL' | 'PGlite';
  fresh(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }>;
  close(): Promise<void>;
}

async function postgresTarget(serverUrl: string, env: Record<string, string>): Promise<Target> {
  const template = await scratchDatabase(serverUrl, 'reprise_bench_imports_template');
  await child({ ...env, DATABASE_URL: template.url }, 'prepare');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async fresh() {
      const name = 'reprise_bench_imports_run';
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name} TEMPLATE reprise_bench_imports_template`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        env: { ...env, DATABASE_URL: url.toString() },
        drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      };
    },
    close: () => template.drop(),
  };
}

async function pgliteTarget(workDir: string, env: Record<string, string>): Promise<Target> {
  const template = path.join(workDir, 'pglite-template');
  await child({ ...env, DATABASE_URL: '', DATA_DIR: template }, 'prepare');
  return {
    name: 'PGlite',
    async fresh() {
      const dir = path.join(workDir, 'pglite-run');
      rmSync(dir, { recursive: true, force: true });
      cpSync(template, dir, { recursive: true });
      return {
        env: { ...env, DATABASE_URL: '', DATA_DIR: dir },
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
    close: async () => rmSync(template, { recursive: true, force: true }),
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const best = (values: readonly number[]) => Math.min(...values);
const s = (seconds: number) => seconds.toFixed(2);
const n = (count: number) => count.toLocaleString('en-GB');
const mb = (kb: number) => (kb / 1024).toFixed(0);
/** CPU seconds of the run whose time is the median: Node, and the database's backends. */
function cpuOf(figures: readonly Timed[]): string {
  const m = median(figures.map((f) => f.seconds));
  const f = figures.reduce((a, b) => (Math.abs(b.seconds - m) < Math.abs(a.seconds - m) ? b : a));
  return f.cpu.database === null
    ? `${s(f.cpu.node / 1000)} (one process)`
    : `${s((f.cpu.node + f.cpu.database) / 1000)} (${s(f.cpu.node / 1000)} + ${s(f.cpu.database / 1000)})`;
}
const cpuSeconds = (f: Timed) => (f.cpu.node + (f.cpu.database ?? 0)) / 1000;
const loads = (figures: readonly Timed[]) => figures.map((f) => f.load.toFixed(1)).join(', ');

interface Measured {
  target: Target['name'];
  imports: ImportRun[];
  copies: CopyRun[];
}

/** Every run of the import, export and COPY figures on one database kind. */
async function measureTarget(target: Target, fileKey: string): Promise<Measured> {
  const imports: ImportRun[] = [];
  const copies: CopyRun[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    // alternated, so that a busier moment of the machine weighs on both
    for (const figure of ['copy', 'import'] as const) {
      const db = await target.fresh();
      try {
        console.log(`imports bench: ${target.name} ${figure} run ${run}/${RUNS}`);
        if (figure === 'copy') copies.push(await child<CopyRun>(db.env, 'copy', String(LINES)));
        else imports.push(await child<ImportRun>(db.env, 'import', fileKey, String(LINES)));
      } finally {
        await db.drop();
      }
    }
  }
  return { target: target.name, imports, copies };
}

function targetLines(m: Measured, fileBytes: number): string[] {
  const rows: [string, Timed[], number][] = [
    [`import, ${n(LINES)} new lines (runImport, generic strategy)`, m.imports.map((r) => r.import), LINES],
    [`the same file again, ${n(LINES)} updates`, m.imports.map((r) => r.reimport), LINES],
    [
      `raw COPY of the same ${n(LINES)} rows into products (one transaction)`,
      m.copies.map((r) => r.copyIn.copy),
      LINES,
    ],
    [
      'their search documents after the COPY (writeDocuments, 5,000 a statement)',
      m.copies.map((r) => r.copyIn.documents),
      LINES,
    ],
    [
      `export of the account's products: the ${n(LINES)} and the demo's (runExport)`,
      m.imports.map((r) => r.export),
      LINES,
    ],
    ['COPY (SELECT … the same columns) TO STDOUT, into a file', m.imports.map((r) => r.copyOut), LINES],
  ];
  const importMedian = median(m.imports.map((r) => r.import.seconds));
  const copyMedian = median(m.copies.map((r) => r.copyIn.copy.seconds));
  const documentsMedian = median(m.copies.map((r) => r.copyIn.documents.seconds));
  const first = m.imports[0] as ImportRun;
  const cpuMedian = (figures: readonly Timed[]) => median(figures.map(cpuSeconds));
  const importCpu = cpuMedian(m.imports.map((r) => r.import));
  const copyCpu = cpuMedian(m.copies.map((r) => r.copyIn.copy));
  const documentsCpu = cpuMedian(m.copies.map((r) => r.copyIn.documents));
  return [
    `### ${m.target}`,
    '',
    '| figure | runs | best s | median s | lines/s (median) | CPU s of the median run, total (Node + database) | load at each run |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      ([name, figures, lines]) =>
        `| ${name} | ${figures.length} | ${s(best(figures.map((f) => f.seconds)))} | ${s(median(figures.map((f) => f.seconds)))} | ${n(Math.round(lines / median(figures.map((f) => f.seconds))))} | ${cpuOf(figures)} | ${loads(figures)} |`,
    ),
    '',
    `Import / raw COPY: ${(importMedian / copyMedian).toFixed(2)} × at the median, ${(best(m.imports.map((r) => r.import.seconds)) / best(m.copies.map((r) => r.copyIn.copy.seconds))).toFixed(2)} × best against best; ` +
      `against the COPY and its search documents (${s(copyMedian + documentsMedian)} s): ${(importMedian / (copyMedian + documentsMedian)).toFixed(2)} ×. ` +
      `In CPU time (Node and database together, which the machine's other work does not inflate): import ${s(importCpu)} s, COPY ${s(copyCpu)} s (${(importCpu / copyCpu).toFixed(2)} ×), COPY and search documents ${s(copyCpu + documentsCpu)} s (${(importCpu / (copyCpu + documentsCpu)).toFixed(2)} ×). ` +
      `The file: ${(fileBytes / 1024 / 1024).toFixed(1)} MB; the import found ${n(first.import.found)} lines, inserted ${n(first.import.inserted)}, ignored ${n(first.import.ignored)}; ` +
      `products of the account ${n(first.productsBefore)} → ${n(first.productsAfter)} → ${n(first.productsAfterReimport)} after the second import (updated ${n(first.reimport.updated)}). ` +
      `The export wrote ${n(first.export.entries)} entries (${(first.export.bytes / 1024 / 1024).toFixed(1)} MB), the COPY TO ${(first.copyOut.bytes / 1024 / 1024).toFixed(1)} MB.`,
    '',
  ];
}

function targetGoals(m: Measured): Goal[] {
  const importMedian = median(m.imports.map((r) => r.import.seconds));
  const copyMedian = median(m.copies.map((r) => r.copyIn.copy.seconds));
  const exportMedian = median(m.imports.map((r) => r.export.seconds));
  return [
    {
      goal: `${n(LINES)} product lines imported within ${GOAL_RATIO} × a raw COPY of the same rows (${m.target}, medians)`,
      value: `${(importMedian / copyMedian).toFixed(2)} × (${s(importMedian)} s / ${s(copyMedian)} s)`,
      met: importMedian <= GOAL_RATIO * copyMedian,
    },
    {
      goal: `export of ${n(LINES)} products ≤ ${GOAL_EXPORT_SECONDS} s (${m.target}, median)`,
      value: `${s(exportMedian)} s`,
      met: exportMedian <= GOAL_EXPORT_SECONDS,
    },
  ];
}

/**
 * Issue 15: the import of 100,000 product lines against a raw COPY of the same rows, the same
 * file imported again (updates), the export of the 100,000 products against COPY … TO, on
 * PostgreSQL (`serverUrl`, scratch databases reprise_bench_imports_*) and PGlite; the peak
 * memory of a 1,000,000-line import (PostgreSQL). Each figure in a process of its own on a fresh
 * copy of a database seeded once with the demo data.
 */
export async function benchImports(serverUrl: string | undefined): Promise<Section> {
  const uptimeBefore = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'reprise-bench-imports-'));
  const filesDir = path.join(workDir, 'files');
  mkdirSync(path.join(filesDir, 'imports'), { recursive: true });
  const env = {
    FILES_DIR: filesDir,
    DATA_DIR: path.join(workDir, 'data'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SFTP_PORT: 'off',
  };
  const databases = (process.env.BENCH_IMPORT_DATABASES ?? 'postgres,pglite').split(',');
  const lines: string[] = [];
  const goals: Goal[] = [];
  try {
    const fileKey = `imports/${randomUUID()}.csv`;
    const fileBytes = await writeProductsCsv(path.join(filesDir, fileKey), LINES);
    for (const kind of databases) {
      if (kind === 'postgres' && !serverUrl) continue;
      const target =
        kind === 'postgres'
          ? await postgresTarget(serverUrl as string, env)
          : await pgliteTarget(workDir, env);
      try {
        const measured = await measureTarget(target, fileKey);
        lines.push(...targetLines(measured, fileBytes));
        goals.push(...targetGoals(measured));
        if (kind === 'postgres' && MEMORY_RUNS > 0) {
          const memory = await measureMemory(target, filesDir);
          lines.push(...memory.lines);
          goals.push(memory.goal);
        }
      } finally {
        await target.close();
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const uptimeAfter = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
  return {
    title: `Issue 15: imports and exports at ${n(LINES)} products`,
    lines: [`\`uptime\` at the start: ${uptimeBefore}; at the end: ${uptimeAfter}.`, '', ...lines],
    goals,
  };
}

/** The import of a MEMORY_LINES-line file on PostgreSQL, its process's resident memory before and at its peak. */
async function measureMemory(target: Target, filesDir: string): Promise<{ lines: string[]; goal: Goal }> {
  const fileKey = `imports/${randomUUID()}.csv`;
  const file = path.join(filesDir, fileKey);
  const bytes = await writeProductsCsv(file, MEMORY_LINES);
  const runs: MemoryRun[] = [];
  try {
    for (let run = 1; run <= MEMORY_RUNS; run += 1) {
      const db = await target.fresh();
      try {
        console.log(`imports bench: ${target.name} memory run ${run}/${MEMORY_RUNS}`);
        runs.push(
          await child<MemoryRun>(
            { ...db.env, NODE_OPTIONS: `--max-old-space-size=${WORKER_HEAP_MB}` },
            'memory',
            fileKey,
            String(MEMORY_LINES),
          ),
        );
      } finally {
        await db.drop();
      }
    }
  } finally {
    rmSync(file, { force: true });
  }
  const worst = Math.max(...runs.map((r) => r.memory.peakRssKb));
  // the import's own memory: its peak over the process's resident memory once ready (the server's
  // code, tsx and the drivers weigh about 300 MB before any import: the same for every file size)
  const worstGrowth = Math.max(...runs.map((r) => r.memory.peakRssKb - r.memory.baselineRssKb));
  return {
    lines: [
      `### Memory: a ${n(MEMORY_LINES)}-line file (${(bytes / 1024 / 1024).toFixed(0)} MB), ${target.name}`,
      '',
      `The import in a process of its own (\`node_modules/.bin/tsx\`, \`NODE_OPTIONS=--max-old-space-size=${WORKER_HEAP_MB}\` as the recipe's worker): its resident memory once the database, the job queue and the import row are ready (baseline), then the high-water mark of the import alone (VmHWM, reset just before it through /proc/self/clear_refs), the largest of samples taken every 200 ms, and the process's maxRSS over its whole life.`,
      '',
      '| run | seconds | lines/s | baseline RSS MB | peak RSS MB (VmHWM) | sampled peak MB | maxRSS MB | CPU s, total (Node + database) | load |',
      '|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
      ...runs.map(
        (r, i) =>
          `| ${i + 1} | ${s(r.import.seconds)} | ${n(Math.round(MEMORY_LINES / r.import.seconds))} | ${mb(r.memory.baselineRssKb)} | ${mb(r.memory.peakRssKb)} | ${mb(r.memory.sampledPeakRssKb)} | ${mb(r.memory.maxRssKb)} | ${cpuOf([r.import])} | ${r.import.load.toFixed(1)} |`,
      ),
      '',
    ],
    goal: {
      goal: `peak memory of the import over its process's baseline ≤ ${GOAL_PEAK_MB} MB, ${n(MEMORY_LINES)} product lines (${target.name}, worst run)`,
      value: `${mb(worstGrowth)} MB (peak ${mb(worst)} MB, baseline ${mb(Math.max(...runs.map((r) => r.memory.baselineRssKb)))} MB)`,
      met: worstGrowth / 1024 <= GOAL_PEAK_MB,
    },
  };
}
