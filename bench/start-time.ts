// Start time and memory of the server compiled by `npm run build` (`node apps/server/dist/main.js`)
// against today's `npm start` (scripts/start.mjs: TypeScript through tsx), on the same PGlite demo
// data: the time until /api/ready answers 200, the resident memory (VmRSS) then, and again after
// 200 requests of the buyback list. The two are run in turn, each run on a fresh copy of one seeded
// data directory, so that the load of the machine weighs on both alike.
// `npm run -w @reprise/bench start-time` (RUNS=5 by default).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { login } from './server';

const root = path.resolve(import.meta.dirname, '..');
const node = path.join(root, 'node_modules/.bin/node');
const runs = Number(process.env.RUNS ?? 5);
const VARIANTS = {
  compiled: ['apps/server/dist/main.js'],
  tsx: ['scripts/start.mjs'],
} as const;
type Variant = keyof typeof VARIANTS;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function start(variant: Variant, dataDir: string, port: number) {
  const child = spawn(node, [...VARIANTS[variant]], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SFTP_PORT: 'off', SKIP_WEB_BUILD: 'true' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

async function untilReady(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    const status = await fetch(`${url}/api/ready`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(20);
  }
}

async function measure(variant: Variant, template: string, port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `reprise-start-${variant}-`));
  cpSync(template, dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = start(variant, dataDir, port);
  try {
    await untilReady(url, server.child);
    const readyMs = performance.now() - started;
    const pid = server.child.pid as number;
    const rssReady = rssMb(pid);
    const headers = { authorization: `Bearer ${await login(url, 'root_management_unit_manager@demo.test')}` };
    for (let i = 0; i < 200; i++) {
      const answer = await fetch(`${url}/api/buybacks?itemsPerPage=30`, { headers });
      if (!answer.ok) throw new Error(`buyback list: ${answer.status}`);
      await answer.arrayBuffer();
    }
    return { readyMs, rssReady, rssAfter: rssMb(pid) };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const build = spawnSync(node, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// one seeded data directory, copied for every run: the demo seed itself is not measured
const template = mkdtempSync(path.join(tmpdir(), 'reprise-start-template-'));
const port = 3900 + (process.pid % 90);
const seeding = start('compiled', template, port);
await untilReady(`http://127.0.0.1:${port}`, seeding.child);
seeding.child.kill('SIGTERM');
await seeding.exited;

console.log(
  `load average at the start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const results: Record<Variant, { readyMs: number; rssReady: number; rssAfter: number }[]> = {
  compiled: [],
  tsx: [],
};
for (let run = 0; run < runs; run++) {
  // in turn, the first of each pair alternating
  const order: Variant[] = run % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled'];
  for (const variant of order) {
    const result = await measure(variant, template, port);
    results[variant].push(result);
    console.log(
      `run ${run + 1} ${variant.padEnd(8)} ready ${result.readyMs.toFixed(0)} ms, RSS ${result.rssReady.toFixed(0)} MB, after 200 lists ${result.rssAfter.toFixed(0)} MB`,
    );
  }
}
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '\n| server | runs | ready, median (min–max) | RSS when ready, median | RSS after 200 lists, median |',
);
console.log('|---|---|---|---|---|');
for (const variant of ['compiled', 'tsx'] as const) {
  const r = results[variant];
  const ready = r.map((x) => x.readyMs);
  console.log(
    `| ${variant} | ${r.length} | ${median(ready).toFixed(0)} ms (${Math.min(...ready).toFixed(0)}–${Math.max(...ready).toFixed(0)}) | ${median(r.map((x) => x.rssReady)).toFixed(0)} MB | ${median(r.map((x) => x.rssAfter)).toFixed(0)} MB |`,
  );
}
rmSync(template, { recursive: true, force: true });
