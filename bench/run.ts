import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBuybackList } from './buyback-list';
import { benchBuybacks } from './buybacks';
import { benchCatalog } from './catalog';
import { benchCheckin } from './checkin';
import { benchFoundation } from './foundation';
import { benchImports } from './imports';
import { DURATION, type Section } from './lib';
import { benchLighthouse } from './lighthouse';
import { benchScaleOut } from './scale-out';
import { scratchDatabase, seedDemo, startServer } from './server';

/**
 * `npm run bench`: every benchmark of the issues, each server in its own process on fresh
 * databases, autocannon over loopback; writes bench/RESULTS.md and exits 1 when a goal is not met.
 *   DATABASE_URL=postgres://…/postgres npm run bench   on that PostgreSQL server (scratch databases),
 *     with pgbench's ceilings on the SQL of each request and the buyback list at 1,000,000 buybacks
 *   BENCH_ONLY=foundation,buybacks,buyback-list,catalog,checkin,lighthouse,imports,scale-out  a subset;  BENCH_SECONDS=10   seconds a figure
 *   BENCH_PRODUCTS=100000, BENCH_BUYBACKS=1000000  the sizes of the catalogue and buyback list benches
 */
const only = new Set(
  (
    process.env.BENCH_ONLY ?? 'foundation,buybacks,buyback-list,catalog,checkin,lighthouse,imports,scale-out'
  ).split(','),
);
const serverUrl = process.env.DATABASE_URL;
const port = () => 3900 + Math.floor(Math.random() * 90);
const load = os.loadavg().map((l) => l.toFixed(2));
const sections: Section[] = [];

if (only.has('foundation') || only.has('buybacks')) {
  const scratch = serverUrl ? await scratchDatabase(serverUrl, 'reprise_bench_main') : null;
  if (scratch) await seedDemo(scratch.url);
  const mainPort = port();
  const server = await startServer(mainPort, scratch ? { DATABASE_URL: scratch.url } : {});
  try {
    if (only.has('foundation')) sections.push(await benchFoundation(server, scratch?.url, mainPort + 100));
    if (only.has('buybacks')) sections.push(await benchBuybacks(server.url));
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

// the buyback list at scale: PostgreSQL only (the embedded database is the demo's, one process)
if (only.has('buyback-list') && serverUrl) {
  const scratch = await scratchDatabase(serverUrl, 'reprise_bench_buyback_list');
  try {
    sections.push(await benchBuybackList(scratch.url, port()));
  } finally {
    await scratch.drop();
  }
}

// the deployment on loopback (issue 25): the compiled build behind nginx, PostgreSQL only
if (only.has('scale-out') && serverUrl) sections.push(await benchScaleOut(serverUrl));

// warehouse check-in (issue 12): PostgreSQL only, as the buyback list
if (only.has('checkin') && serverUrl) {
  const scratch = await scratchDatabase(serverUrl, 'reprise_checkin_bench');
  try {
    sections.push(await benchCheckin(scratch.url, port()));
  } finally {
    await scratch.drop();
  }
}

if (only.has('catalog')) {
  const scratch = serverUrl ? await scratchDatabase(serverUrl, 'reprise_bench_catalog') : null;
  const dataDir = scratch ? null : mkdtempSync(path.join(os.tmpdir(), 'reprise-bench-catalog-'));
  try {
    sections.push(
      await benchCatalog(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir as string }, port()),
    );
  } finally {
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// imports and exports (issue 15): on DATABASE_URL's server (scratch databases) and on PGlite; see
// bench/imports.ts for BENCH_IMPORT_RUNS, BENCH_IMPORT_DATABASES and the sizes
if (only.has('imports')) sections.push(await benchImports(serverUrl));

if (only.has('lighthouse')) {
  // the public site as served: the server builds the web app first when it is stale
  const server = await startServer(port(), { SKIP_WEB_BUILD: 'false' });
  try {
    sections.push(await benchLighthouse(server.url));
  } finally {
    await server.stop();
  }
}

const goals = sections.flatMap((s) => s.goals);
const md = [
  '# Benchmark results',
  '',
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version},`,
  `database ${serverUrl ? 'PostgreSQL (scratch databases on DATABASE_URL)' : 'embedded PGlite'}, autocannon over loopback on the same machine, ${DURATION} s per figure,`,
  `each server in its own process. Load average when the run started: ${load.join(', ')}.`,
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', ...s.lines, '']),
  '## Goals',
  '',
  '| goal | measured | met |',
  '|---|--:|:-:|',
  ...goals.map((g) => `| ${g.goal} | ${g.value} | ${g.met ? 'yes' : 'NO'} |`),
  '',
].join('\n');

const target = process.env.BENCH_RESULTS ?? new URL('./RESULTS.md', import.meta.url).pathname;
writeFileSync(target, md);
console.log(md);
if (goals.some((g) => !g.met)) process.exitCode = 1;
